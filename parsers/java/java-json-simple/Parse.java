// Reads all of stdin, parses it with json-simple 2.x (cliftonlabs) Jsoner.deserialize (default settings).
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
import org.json.simple.Jsoner;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        try {
            Jsoner.deserialize(text);
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        System.exit(0);
    }
}
