// Jayway JsonPath: JsonPath.compile of all of stdin, the whole path, from main; phase `run` reads it
// from the tiny document {"a":1} (JsonPath.read with the default configuration: json-smart's
// provider). Anything thrown (InvalidPathException, PathNotFoundException, StackOverflowError, ...)
// goes to Protocol.error: one stderr line, exit 1. Input, phases and exits: ../Protocol.java.
import com.jayway.jsonpath.JsonPath;

public class Parse {
    public static void main(String[] args) throws Exception {
        String source = Protocol.languageInput(args);
        // Warm-up at a shallow stack (as java-util-regex): string concatenation and the library's
        // classes initialise here, not deep in the recursion, where a StackOverflowError in a class
        // initialiser would leave them unusable.
        String warm = "warm-up " + source.length();
        JsonPath.compile("$.a").read("{\"a\":1}");
        try {
            JsonPath path = JsonPath.compile(source);
            Protocol.compiled();
            if (Protocol.running()) {
                path.read("{\"a\":1}");
            }
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
