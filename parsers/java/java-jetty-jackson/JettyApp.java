// Service rows java-jetty-jackson and java-jetty-gson (argv[0]: "jackson" or "gson"): embedded
// Jetty 9.4 (a Server on 127.0.0.1:$PORT, its default QueuedThreadPool, a ServletContextHandler)
// with one HttpServlet per route, as Jetty's embedding guide shows. The servlet parses the body the
// libraries' documented way: Jackson `new ObjectMapper().readTree(request.getInputStream())` (a
// JsonNode), Gson `JsonParser.parseReader(request.getReader())` (a JsonElement). What they throw
// is not caught: doPost lets it go to Jetty, whose default error handling answers 500 (no error
// handler, no -Xss, default JVM flags). POST /echo writes the tree back: Jackson
// `mapper.writeValue(response.getOutputStream(), node)`, Gson `new Gson().toJson(element,
// response.getWriter())`. GET /health answers ok.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.InetSocketAddress;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;

public class JettyApp {
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
        Server server = new Server(new InetSocketAddress("127.0.0.1", Integer.parseInt(System.getenv("PORT"))));
        ServletContextHandler context = new ServletContextHandler();
        context.addServlet(new ServletHolder(gson ? new GsonServlet(false) : new JacksonServlet(false)), "/parse");
        context.addServlet(new ServletHolder(gson ? new GsonServlet(true) : new JacksonServlet(true)), "/echo");
        context.addServlet(new ServletHolder(new HealthServlet()), "/health");
        server.setHandler(context);
        server.start();
        server.join();
    }
}
