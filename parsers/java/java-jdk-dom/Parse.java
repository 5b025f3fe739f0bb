// Parses all of stdin with the JDK's DocumentBuilderFactory.newInstance().newDocumentBuilder().parse (DOM,
// defaults; the ErrorHandler only rethrows fatal errors: the default one also prints "[Fatal Error]"
// lines); anything thrown (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1.
// With a phase the Document is kept, in phase(), a method of its own, so that main's frame, which sits
// under the parse without one, is as before (javap: main's max_stack/max_locals unchanged); serialize is
// the identity Transformer (TransformerFactory.newInstance().newTransformer()) into a StringWriter.
// Input, phases and exits: ../Protocol.java.
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
        byte[] data = Protocol.input(args);
        if (Protocol.phased()) {
            phase(data);
        }
        try {
            DocumentBuilder b = DocumentBuilderFactory.newInstance().newDocumentBuilder();
            DefaultHandler rethrow = new DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }
            };
            b.setErrorHandler(rethrow);
            b.parse(new ByteArrayInputStream(data));
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the Document kept.
    private static void phase(byte[] data) {
        try {
            DocumentBuilder b = DocumentBuilderFactory.newInstance().newDocumentBuilder();
            DefaultHandler rethrow = new DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }
            };
            b.setErrorHandler(rethrow);
            Document value = b.parse(new ByteArrayInputStream(data));
            Protocol.parsed();
            if (Protocol.serializing()) {
                StringWriter out = new StringWriter();
                TransformerFactory.newInstance().newTransformer().transform(new DOMSource(value), new StreamResult(out));
            }
            Protocol.serialized();
            value = null;
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
