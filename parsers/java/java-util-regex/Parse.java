// java.util.regex.Pattern.compile (no flags) of all of stdin, the whole pattern, from main; phase `run`
// matches it against the subject "a" (Matcher.find: a match or none is exit 0; Pattern's matcher
// recurses through the compiled node chain). Anything thrown (PatternSyntaxException,
// StackOverflowError, ...) goes to Protocol.error: one stderr line, exit 1. Input, phases and exits:
// ../Protocol.java.
import java.util.regex.Pattern;

public class Parse {
    public static void main(String[] args) throws Exception {
        String source = Protocol.languageInput(args);
        // Warm-up at a shallow stack: string concatenation (invokedynamic) and Pattern's own lambdas
        // initialise java.lang.invoke's classes here, not deep in the recursion, where a StackOverflowError
        // in a class initialiser left java.lang.invoke.Invokers unusable and the error line itself failed
        // (NoClassDefFoundError, uncaught).
        String warm = "warm-up " + source.length();
        Pattern.compile("(?:[a-z]|\\d)+|(a)*").matcher(warm).find();
        try {
            Pattern pattern = Pattern.compile(source);
            Protocol.compiled();
            if (Protocol.running()) {
                pattern.matcher("a").find();
            }
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
