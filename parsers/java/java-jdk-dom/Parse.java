// Reads all of stdin, parses it with the JDK's DocumentBuilderFactory.newInstance().newDocumentBuilder().parse (DOM, defaults) (default settings).
// Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr, exits 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): the Document is then kept; `parse` ends
// at once with Runtime.halt(0), the Document still referenced; `free` drops the reference and runs
// System.gc(), then halt(0); `serialize` writes it back with a default Transformer
// (TransformerFactory.newInstance().newTransformer(), the identity transform) into a StringWriter
// (anything thrown, StackOverflowError included, is exit 1), then halt(0). Without it: as before (the
// Document discarded, System.exit(0)). Unknown: exit 2.
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

public class Parse {
    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            phase(args[args.length - 1]);
        }
        byte[] data = System.in.readAllBytes();
        try {
            DocumentBuilder b = DocumentBuilderFactory.newInstance().newDocumentBuilder();
            // The default ErrorHandler also prints "[Fatal Error]" to stderr; this one only rethrows (same exception).
            b.setErrorHandler(new DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }
            });
            b.parse(new ByteArrayInputStream(data));
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        System.exit(0);
    }

    // The phases (parsers/README.md, "Phases"), apart from main so that main's frame, which sits under the
    // parse without a phase, is as before.
    private static void phase(String phase) throws Exception {
        if (!phase.equals("parse") && !phase.equals("free") && !phase.equals("serialize")) {
            System.err.println("unknown phase: " + phase + " (parse, free or serialize)");
            System.exit(2);
        }
        byte[] data = System.in.readAllBytes();
        try {
            DocumentBuilder b = DocumentBuilderFactory.newInstance().newDocumentBuilder();
            b.setErrorHandler(new DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }
            });
            Document value = b.parse(new ByteArrayInputStream(data));
            if (phase.equals("free")) {
                value = null;
                System.gc();
            } else if (phase.equals("serialize")) {
                StringWriter out = new StringWriter();
                TransformerFactory.newInstance().newTransformer().transform(new DOMSource(value), new StreamResult(out));
            }
        } catch (Throwable t) {
            String msg = t.getClass().getName() + ": " + t.getMessage();
            msg = msg.replaceAll("\\s+", " ").trim();
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
            System.exit(1);
        }
        Runtime.getRuntime().halt(0);
    }
}
