// java-jackson1: Jackson 1.9's ObjectMapper.readTree (a JsonNode tree; default settings);
// ObjectMapper.writeValueAsString. The class Parse.java calls.
import org.codehaus.jackson.map.ObjectMapper;

final class Library {
    static Object read(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    static String write(Object value) throws Exception {
        return new ObjectMapper().writeValueAsString(value);
    }
}
