// nestprobe parser program: Mono's System.Text.RegularExpressions, new Regex(source) (RegexOptions.None,
// the interpreter) with all of stdin as the whole pattern, from Main; phase `run` matches it against the
// subject "a" (Regex.Match: a match or none is exit 0). Any Exception (ArgumentException for a bad
// pattern, a catchable StackOverflowException, ...) is the error line (exit 1), the pattern in its message
// shortened to "…" (it would fill the 200 characters before the reason). Input, phases and exits:
// ../Protocol.cs.
using System;
using System.Text.RegularExpressions;

static class Parse {
    static int Main(string[] args) {
        string source = Protocol.LanguageInput(args);
        try {
            Regex regex = new Regex(source);
            Protocol.Compiled();
            if (Protocol.Running()) {
                regex.Match("a");
            }
        } catch (Exception e) {
            string message = source.Length > 0 ? e.Message.Replace(source, "…") : e.Message;
            Protocol.Fail(e.GetType().FullName, message);
        }
        return 0;
    }
}
