// java-jettison: Jettison's JSONTokener.nextValue (its org.json-style JSONObject / JSONArray; default
// settings); toString() (recursive; it returns null when it catches an exception, reported as a
// JSONException). The class Parse.java calls.
import org.codehaus.jettison.json.JSONException;
import org.codehaus.jettison.json.JSONTokener;

final class Library {
    static Object read(String text) throws Exception {
        return new JSONTokener(text).nextValue();
    }

    static String write(Object value) throws JSONException {
        String out = value.toString();
        if (out == null) {
            throw new JSONException("toString() returned null (it swallows its exception)");
        }
        return out;
    }
}
