// Service rows java-tomcat-jackson and java-tomcat-gson (argv[0]: "jackson" or "gson"): embedded
// Tomcat 10.1 (org.apache.catalina.startup.Tomcat: its default NIO connector bound to
// 127.0.0.1:$PORT, default executor, a context with one HttpServlet per route), as Tomcat's
// embedding API shows. The servlet parses the body the libraries' documented way: Jackson
// `new ObjectMapper().readTree(request.getInputStream())`, Gson
// `JsonParser.parseReader(request.getReader())`. What they throw is not caught: doPost lets it go
// to Tomcat, whose default error report valve answers 500 (no error page, no -Xss, default JVM
// flags). POST /echo writes the tree back: Jackson `mapper.writeValue(response.getOutputStream(),
// node)`, Gson `new Gson().toJson(element, response.getWriter())`. GET /health answers ok. Tomcat's
// base (work) folder is $HOME/tomcat.<port> (nestprobe's HOME is a scratch folder), never the
// program's folder.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.io.IOException;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;

public class TomcatApp {
    static final ObjectMapper MAPPER = new ObjectMapper();

    static class JacksonServlet extends HttpServlet {
        final boolean echo;
        JacksonServlet(boolean echo) { this.echo = echo; }
        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            JsonNode node = MAPPER.readTree(request.getInputStream());
            if (echo) {
                response.setContentType("application/json");
                MAPPER.writeValue(response.getOutputStream(), node);
            } else {
                response.setContentType("text/plain");
                response.getWriter().write("ok");
            }
        }
    }

    static class GsonServlet extends HttpServlet {
        final boolean echo;
        GsonServlet(boolean echo) { this.echo = echo; }
        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            JsonElement element = JsonParser.parseReader(request.getReader());
            if (echo) {
                response.setContentType("application/json");
                new Gson().toJson(element, response.getWriter());
            } else {
                response.setContentType("text/plain");
                response.getWriter().write("ok");
            }
        }
    }

    static class HealthServlet extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain");
            response.getWriter().write("ok");
        }
    }

    public static void main(String[] args) throws Exception {
        boolean gson = args.length > 0 && args[0].equals("gson");
        int port = Integer.parseInt(System.getenv("PORT"));
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(new File(System.getProperty("user.home"), "tomcat." + port).getPath());
        tomcat.setPort(port);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        Context context = tomcat.addContext("", null);
        Tomcat.addServlet(context, "parse", gson ? new GsonServlet(false) : new JacksonServlet(false));
        context.addServletMappingDecoded("/parse", "parse");
        Tomcat.addServlet(context, "echo", gson ? new GsonServlet(true) : new JacksonServlet(true));
        context.addServletMappingDecoded("/echo", "echo");
        Tomcat.addServlet(context, "health", new HealthServlet());
        context.addServletMappingDecoded("/health", "health");
        tomcat.start();
        tomcat.getServer().await();
    }
}
