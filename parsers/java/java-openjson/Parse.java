// Parses all of stdin with openjson's JSONTokener.nextValue (the org.json API: JSONObject / JSONArray; default settings).
// Anything thrown (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1.
// With a phase the parse runs in phase(), a method of its own, so that main's frame, which sits under the
// parse without one, is as before (javap: main's max_stack/max_locals unchanged); serialize is
// toString() (a JSONStringer, recursive; it returns null when it catches a JSONException, reported as a
// JSONException). Input, phases and exits: ../Protocol.java.
import com.github.openjson.JSONTokener;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        if (Protocol.phased()) {
            phase(data);
        }
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            new JSONTokener(text).nextValue();
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the value kept.
    private static void phase(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            Object value = new JSONTokener(text).nextValue();
            Protocol.parsed();
            if (Protocol.serializing()) {
                String out = value.toString();
                if (out == null) {
                    throw new com.github.openjson.JSONException("toString() returned null (it swallows its exception)");
                }
            }
            Protocol.serialized();
            value = null;
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
