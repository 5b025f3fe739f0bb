// java-json-simple: json-simple 2.x (cliftonlabs) Jsoner.deserialize (default settings); Jsoner.serialize.
// The class Parse.java calls.
final class Library {
    static Object read(String text) throws Exception {
        return org.json.simple.Jsoner.deserialize(text);
    }

    static String write(Object value) {
        return org.json.simple.Jsoner.serialize(value);
    }
}
