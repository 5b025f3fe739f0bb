// Reads all of stdin and merges it with rust-protobuf (the `protobuf` crate, its default
// CodedInputStream: recursion limit on) into a dynamic message whose field 1 is a message of the
// same type, described at run time (a FileDescriptorProto built here, no protoc). Fields it does
// not declare are kept as unknown fields (groups are skipped group by group). A protobuf::Error is
// exit 1; a stack overflow aborts the process as it would. No phases. Input and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protobuf::descriptor::field_descriptor_proto::{Label, Type};
use protobuf::descriptor::{DescriptorProto, FieldDescriptorProto, FileDescriptorProto};
use protobuf::reflect::FileDescriptor;
use protobuf::CodedInputStream;
use protocol::fail;

/// `message Nested { optional Nested a = 1; }` in package `p`.
fn nested() -> FileDescriptorProto {
    let mut field = FieldDescriptorProto::new();
    field.set_name("a".into());
    field.set_number(1);
    field.set_label(Label::LABEL_OPTIONAL);
    field.set_type(Type::TYPE_MESSAGE);
    field.set_type_name(".p.Nested".into());
    let mut message = DescriptorProto::new();
    message.set_name("Nested".into());
    message.field.push(field);
    let mut file = FileDescriptorProto::new();
    file.set_name("nested.proto".into());
    file.set_package("p".into());
    file.set_syntax("proto2".into());
    file.message_type.push(message);
    file
}

fn main() {
    let data = protocol::input(protocol::Takes::Nothing);
    let file = FileDescriptor::new_dynamic(nested(), &[])
        .unwrap_or_else(|e| fail("protobuf::Error", &e.to_string()));
    let descriptor = file.message_by_package_relative_name("Nested").expect("declared above");
    let mut message = descriptor.new_instance();
    let mut input = CodedInputStream::from_bytes(&data);
    message.merge_from_dyn(&mut input).unwrap_or_else(|e| fail("protobuf::Error", &e.to_string()));
}
