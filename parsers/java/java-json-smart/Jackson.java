// java-jackson: Jackson databind's default ObjectMapper().readTree (a JsonNode tree);
// ObjectMapper.writeValueAsString. The class Parse.java calls.
import com.fasterxml.jackson.databind.ObjectMapper;

final class Library {
    static Object read(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    static String write(Object value) throws Exception {
        return new ObjectMapper().writeValueAsString(value);
    }
}
