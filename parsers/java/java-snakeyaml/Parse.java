// Reads all of stdin, parses it with SnakeYAML's new Yaml().loadAll (default LoaderOptions), consuming every document (default settings).
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): the documents loadAll constructs are
// then kept in a list; `parse` ends at once with Runtime.halt(0), the list still referenced; `free` drops
// the reference and runs System.gc(), then halt(0); `serialize` writes them back with the same Yaml's
// dumpAll (its dump, one document after the other; anything thrown, StackOverflowError included, is
// exit 1), then halt(0). Without it: as before (each document discarded, System.exit(0)). Unknown: exit 2.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.Yaml;

public class Parse {
    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            phase(args[args.length - 1]);
        }
        byte[] data = System.in.readAllBytes();
        try {
            for (Object doc : new Yaml().loadAll(new String(data, StandardCharsets.UTF_8))) {
                // loadAll is lazy: iterating constructs each document.
            }
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
        byte[] data = System.in.readAllBytes();
        try {
            Yaml yaml = new Yaml();
            List<Object> value = new ArrayList<>();
            for (Object doc : yaml.loadAll(new String(data, StandardCharsets.UTF_8))) {
                value.add(doc);
            }
            if (phase.equals("free")) {
                value = null;
                System.gc();
            } else if (phase.equals("serialize")) {
                String out = yaml.dumpAll(value.iterator());
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
