// Parses all of stdin with json-simple 2.x (cliftonlabs) Jsoner.deserialize (default settings).
// Anything thrown (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1.
// With a phase the parse runs in phase(), a method of its own, so that main's frame, which sits under the
// parse without one, is as before (javap: main's max_stack/max_locals unchanged); serialize is
// Jsoner.serialize. Input, phases and exits: ../Protocol.java.
import org.json.simple.Jsoner;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        if (Protocol.phased()) {
            phase(data);
        }
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            Jsoner.deserialize(text);
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the value kept.
    private static void phase(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            Object value = Jsoner.deserialize(text);
            Protocol.parsed();
            if (Protocol.serializing()) {
                String out = Jsoner.serialize(value);
            }
            Protocol.serialized();
            value = null;
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
