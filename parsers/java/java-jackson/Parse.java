// Reads all of stdin, parses it with Jackson's default ObjectMapper().readTree into a JsonNode tree.
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        try {
            new ObjectMapper().readTree(text);
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        System.exit(0);
    }
}
