// Parses all of stdin with SnakeYAML's new Yaml().loadAll (default LoaderOptions), consuming every
// document (loadAll is lazy: iterating constructs each one); anything thrown (StackOverflowError included)
// goes to Protocol.error: one stderr line, exit 1. With a phase the documents are kept in a list, in
// phase(), a method of its own, so that main's frame, which sits under the parse without one, is as
// before (javap: main's max_stack/max_locals unchanged); serialize is the same Yaml's dumpAll.
// Input, phases and exits: ../Protocol.java.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.Yaml;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        if (Protocol.phased()) {
            phase(data);
        }
        try {
            for (Object doc : new Yaml().loadAll(new String(data, StandardCharsets.UTF_8))) {
                // loadAll is lazy: iterating constructs each document.
            }
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the documents kept.
    private static void phase(byte[] data) {
        try {
            Yaml yaml = new Yaml();
            List<Object> value = new ArrayList<>();
            Iterable<Object> documents = yaml.loadAll(new String(data, StandardCharsets.UTF_8));
            for (Object doc : documents) {
                value.add(doc);
            }
            Protocol.parsed();
            if (Protocol.serializing()) {
                String out = yaml.dumpAll(value.iterator());
            }
            Protocol.serialized();
            value = null;
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
