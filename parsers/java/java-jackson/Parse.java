// Parses all of stdin with Jackson's default ObjectMapper().readTree into a JsonNode tree; anything thrown
// (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1. The phases run in main
// itself, as they always did (the value bound only with a phase); serialize is
// ObjectMapper.writeValueAsString. Input, phases and exits: ../Protocol.java.
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            if (!Protocol.phased()) {
                new ObjectMapper().readTree(text);
            } else {
                com.fasterxml.jackson.databind.JsonNode value = new ObjectMapper().readTree(text);
                Protocol.parsed();
                if (Protocol.serializing()) {
                    String out = new ObjectMapper().writeValueAsString(value);
                }
                Protocol.serialized();
                value = null;
            }
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
