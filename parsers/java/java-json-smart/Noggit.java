// java-noggit: noggit's ObjectBuilder.fromJSON (Maps and Lists; default settings); JSONUtil.toJSON (a
// JSONWriter, indent 2: its default). The class Parse.java calls.
final class Library {
    static Object read(String text) throws Exception {
        return org.noggit.ObjectBuilder.fromJSON(text);
    }

    static String write(Object value) {
        return org.noggit.JSONUtil.toJSON(value);
    }
}
