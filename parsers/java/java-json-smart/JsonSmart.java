// java-json-smart: JSONValue.parseWithException (default permissive mode; JSONValue.parse would return
// null instead of reporting the error); JSONValue.toJSONString. The class Parse.java calls.
final class Library {
    static Object read(String text) throws Exception {
        return net.minidev.json.JSONValue.parseWithException(text);
    }

    static String write(Object value) {
        return net.minidev.json.JSONValue.toJSONString(value);
    }
}
