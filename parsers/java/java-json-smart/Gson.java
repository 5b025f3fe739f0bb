// java-gson: Gson's JsonParser.parseString (default settings) into a JsonElement; Gson.toJson. The
// class Parse.java calls.
final class Library {
    static Object read(String text) throws Exception {
        return com.google.gson.JsonParser.parseString(text);
    }

    static String write(Object value) {
        return new com.google.gson.Gson().toJson((com.google.gson.JsonElement) value);
    }
}
