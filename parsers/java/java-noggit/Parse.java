// Parses all of stdin with noggit's ObjectBuilder.fromJSON (Maps and Lists; default settings).
// Anything thrown (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1.
// With a phase the parse runs in phase(), a method of its own, so that main's frame, which sits under the
// parse without one, is as before (javap: main's max_stack/max_locals unchanged); serialize is
// JSONUtil.toJSON (a JSONWriter, indent 2: its default). Input, phases and exits: ../Protocol.java.
import org.noggit.ObjectBuilder;
import org.noggit.JSONUtil;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        if (Protocol.phased()) {
            phase(data);
        }
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            ObjectBuilder.fromJSON(text);
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the value kept.
    private static void phase(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            Object value = ObjectBuilder.fromJSON(text);
            Protocol.parsed();
            if (Protocol.serializing()) {
                String out = JSONUtil.toJSON(value);
            }
            Protocol.serialized();
            value = null;
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
