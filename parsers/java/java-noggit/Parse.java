// Reads all of stdin, parses it with noggit's ObjectBuilder.fromJSON (Maps and Lists; default settings).
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// Runtime.halt(0), the value still referenced; `free` drops the reference and runs System.gc(), then
// halt(0); `serialize` writes it back with JSONUtil.toJSON (a JSONWriter, indent 2: its default; anything
// thrown is exit 1), then halt(0). Without it: as before (the result discarded, System.exit(0)).
// Unknown: exit 2.
import org.noggit.ObjectBuilder;
import org.noggit.JSONUtil;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            phase(args[args.length - 1]);
        }
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        try {
            ObjectBuilder.fromJSON(text);
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        System.exit(0);
    }

    // The phases (parsers/README.md, "Phases"), apart from main so that main's frame, which sits under the
    // parse without a phase, is as before.
    private static void phase(String phase) throws Exception {
        if (!phase.equals("parse") && !phase.equals("free") && !phase.equals("serialize")) {
            System.err.println("unknown phase: " + phase + " (parse, free or serialize)");
            System.exit(2);
        }
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        try {
            Object value = ObjectBuilder.fromJSON(text);
            if (phase.equals("free")) {
                value = null;
                System.gc();
            } else if (phase.equals("serialize")) {
                String out = JSONUtil.toJSON(value);
            }
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        Runtime.getRuntime().halt(0);
    }
}
