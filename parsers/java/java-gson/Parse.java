// Reads all of stdin, parses it with Gson's JsonParser.parseString (default settings) into a JsonElement.
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// Runtime.halt(0), the value still referenced; `free` drops the reference and runs System.gc(), then
// halt(0); `serialize` writes it back with Gson.toJson (anything thrown is exit 1), then
// halt(0). Without it: the result is discarded and System.exit(0) (as before). Unknown: exit 2.
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        String phase = args.length > 0 ? args[args.length - 1] : null;
        if (phase != null && !phase.equals("parse") && !phase.equals("free") && !phase.equals("serialize")) {
            System.err.println("unknown phase: " + phase + " (parse, free or serialize)");
            System.exit(2);
        }
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (phase == null) {
                JsonParser.parseString(text);
            } else {
                com.google.gson.JsonElement value = JsonParser.parseString(text);
                if (phase.equals("free")) {
                    value = null;
                    System.gc();
                } else if (phase.equals("serialize")) {
                    String out = new com.google.gson.Gson().toJson(value);
                }
            }
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        if (phase != null) {
            Runtime.getRuntime().halt(0);
        }
        System.exit(0);
    }
}
