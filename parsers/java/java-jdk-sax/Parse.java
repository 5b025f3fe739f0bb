// Reads all of stdin, parses it with the JDK's SAXParserFactory.newInstance().newSAXParser().parse with an empty DefaultHandler (defaults) (default settings).
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
import java.io.ByteArrayInputStream;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.helpers.DefaultHandler;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = System.in.readAllBytes();
        try {
            SAXParserFactory.newInstance().newSAXParser().parse(new ByteArrayInputStream(data), new DefaultHandler());
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        System.exit(0);
    }
}
