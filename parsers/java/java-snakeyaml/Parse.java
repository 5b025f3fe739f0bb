// Reads all of stdin, parses it with SnakeYAML's new Yaml().loadAll (default LoaderOptions), consuming every document (default settings).
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
import java.nio.charset.StandardCharsets;
import org.yaml.snakeyaml.Yaml;

public class Parse {
    public static void main(String[] args) throws Exception {
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
}
