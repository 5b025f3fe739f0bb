// Reads all of stdin and runs it as a GraphQL request with juniper's execute_sync (parse, validate,
// execute: what a juniper server does with a request body's query) against a schema whose Query
// has a field `a` of type Query. A parse error (its depth limit among them) is exit 1. A document
// that parsed is exit 0 whatever validation or execution then said: a server answers those in the
// response (the innermost `{a}` of the selection shape and the unknown field `f` of the array
// shape fail validation, after it walked the whole document); a stack overflow aborts the process
// as it would.
// No phases (the parse, validation and execution are one call). Input and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use juniper::{graphql_object, EmptyMutation, EmptySubscription, RootNode, Variables};
use protocol::{fail, text};

struct Query;

#[graphql_object]
impl Query {
    fn a() -> Query {
        Query
    }
}

fn main() {
    let data = protocol::input(protocol::Takes::Nothing);
    let schema = RootNode::new(Query, EmptyMutation::<()>::new(), EmptySubscription::<()>::new());
    let answer = juniper::execute_sync(text(&data), None, &schema, &Variables::new(), &());
    if let Err(juniper::GraphQLError::ParseError(error)) = answer {
        fail("juniper::ParseError", &format!("{:?}", error.item));
    }
}
