// Parses all of stdin with Gson's JsonParser.parseString (default settings) into a JsonElement; anything
// thrown (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1. The phases run in
// main itself, as they always did (the value bound only with a phase); serialize is Gson.toJson.
// Input, phases and exits: ../Protocol.java.
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            if (!Protocol.phased()) {
                JsonParser.parseString(text);
            } else {
                com.google.gson.JsonElement value = JsonParser.parseString(text);
                Protocol.parsed();
                if (Protocol.serializing()) {
                    String out = new com.google.gson.Gson().toJson(value);
                }
                Protocol.serialized();
                value = null;
            }
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
