// protobuf-java (Debian's libprotobuf-java) parsing all of stdin as a google.protobuf.Empty through
// DiscardUnknownFieldsParser.wrap(Empty.parser()): every field of the payload is unknown to Empty and is
// skipped (CodedInputStream.skipField; a group is skipped by skipping what it holds), the entry point
// CVE-2024-7254 names; length-delimited fields are skipped by their length, without looking inside.
// Anything thrown (InvalidProtocolBufferException, StackOverflowError included) goes to Protocol.error:
// one stderr line, exit 1. No phases: the parsed Empty keeps nothing. Input and exits: ../Protocol.java.
import com.google.protobuf.DiscardUnknownFieldsParser;
import com.google.protobuf.Empty;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        try {
            DiscardUnknownFieldsParser.wrap(Empty.parser()).parseFrom(data);
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
