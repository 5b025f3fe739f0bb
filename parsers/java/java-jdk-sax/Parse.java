// Parses all of stdin with the JDK's SAXParserFactory.newInstance().newSAXParser().parse and an empty
// DefaultHandler (defaults); anything thrown (StackOverflowError included) goes to Protocol.error: one
// stderr line, exit 1. No phases (no tree). Input and exits: ../Protocol.java.
import java.io.ByteArrayInputStream;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.helpers.DefaultHandler;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        DefaultHandler handler = new DefaultHandler();
        try {
            SAXParserFactory.newInstance().newSAXParser().parse(new ByteArrayInputStream(data), handler);
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
