// Reads all of stdin, parses it with openjson's JSONTokener.nextValue (the org.json API: JSONObject / JSONArray;
// default settings).
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
import com.github.openjson.JSONTokener;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        try {
            new JSONTokener(text).nextValue();
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        System.exit(0);
    }
}
