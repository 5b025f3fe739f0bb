// Parses all of stdin with Jackson 1.9's ObjectMapper.readTree (a JsonNode tree; default settings).
// Anything thrown (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1.
// With a phase the parse runs in phase(), a method of its own, so that main's frame, which sits under the
// parse without one, is as before (javap: main's max_stack/max_locals unchanged); serialize is
// ObjectMapper.writeValueAsString. Input, phases and exits: ../Protocol.java.
import org.codehaus.jackson.map.ObjectMapper;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        if (Protocol.phased()) {
            phase(data);
        }
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            new ObjectMapper().readTree(text);
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the value kept.
    private static void phase(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            org.codehaus.jackson.JsonNode value = new ObjectMapper().readTree(text);
            Protocol.parsed();
            if (Protocol.serializing()) {
                String out = new ObjectMapper().writeValueAsString(value);
            }
            Protocol.serialized();
            value = null;
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
