// Compiles the payload with the JDK's compiler API (javax.tools.ToolProvider.getSystemJavaCompiler(), the
// javac in the running JDK): one source file, held in memory,
//
//     class P {
//     void f() {
//     int x = PAYLOAD;      (a payload that is an expression: `((1))`, the unclosed `(((`)
//     PAYLOAD               (a payload that starts with `{`: blocks are statements, `{{}}`)
//     }
//     }
//
// compiled whole (parse, attribution, flow analysis, bytecode generation; the class file kept in memory,
// never written), with -proc:none. `[[1]]` is no Java expression: shape not supported. A failed compile
// (call() false) is the first error diagnostic as the error line; anything thrown (StackOverflowError
// included) goes to Protocol.error: one stderr line, exit 1. javac's own output goes to a writer; where javac
// caught an exception itself (its "An exception has occurred in the compiler" report, call() false, no
// error diagnostic) the exception's line in that report is the error line. Phases compile only (what -fsyntax-only
// would be for a C compiler: the class is built, not run). Input, phases and exits: ../Protocol.java.
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class Parse {
    public static void main(String[] args) throws Exception {
        String code = Protocol.languageInput(args);
        String body = code.startsWith("{") ? code + "\n" : "int x = " + code + ";\n";
        String source = "class P {\nvoid f() {\n" + body + "}\n}\n";
        Boolean ok = null;
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter out = new StringWriter();
        try {
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ROOT, null);
            JavaFileManager memory = new ForwardingJavaFileManager<StandardJavaFileManager>(standard) {
                @Override
                public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind,
                        FileObject sibling) {
                    return new SimpleJavaFileObject(URI.create("mem:///" + name + kind.extension), kind) {
                        @Override
                        public OutputStream openOutputStream() {
                            return new ByteArrayOutputStream();
                        }
                    };
                }
            };
            JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///P.java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            ok = javac.getTask(out, memory, diagnostics, List.of("-proc:none"), null, List.of(file)).call();
        } catch (Throwable t) {
            Protocol.error(t);
        }
        if (!ok) {
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    Protocol.fail("javac error", d.getMessage(Locale.ROOT));
                }
            }
            // An exception javac caught itself (a StackOverflowError in a compiler phase): it printed its
            // "An exception has occurred in the compiler" report and the stack trace to its writer and
            // returned false. The exception's own line is the error line.
            for (String line : out.toString().split("\n")) {
                if (line.matches("[\\w.$]+(Error|Exception)(: .*)?")) {
                    int colon = line.indexOf(": ");
                    Protocol.fail(colon < 0 ? line : line.substring(0, colon), colon < 0 ? "" : line.substring(colon + 2));
                }
            }
            Protocol.fail("javac error", "the compilation failed without an error diagnostic: " + out);
        }
        Protocol.compiled();
        Protocol.finished();
    }
}
