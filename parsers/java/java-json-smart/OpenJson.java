// java-openjson: openjson's JSONTokener.nextValue (the org.json API: JSONObject / JSONArray; default
// settings); toString() (a JSONStringer, recursive; it returns null when it catches a JSONException,
// reported as a JSONException). The class Parse.java calls.
import com.github.openjson.JSONException;
import com.github.openjson.JSONTokener;

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
