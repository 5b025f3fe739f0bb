// A service row (parsers/README.md, SERVICES-SPEC.md): async-graphql's own axum integration
// (async-graphql-axum's GraphQL service) at POST /graphql, on #[tokio::main]'s default
// multi-threaded runtime (2 MiB worker stacks). A tiny schema whose type nests, so that
// `{a{a{a}}}` is valid and executes: `type Query { a: A }  type A { a: A }`.
// Default configuration: Schema::build(...).finish() with no limits set, no extensions.
use async_graphql::{EmptyMutation, EmptySubscription, Object, Schema};
use async_graphql_axum::GraphQL;
use axum::{routing::get, routing::post_service, Router};

struct Query;

#[Object]
impl Query {
    async fn a(&self) -> A {
        A
    }
}

struct A;

#[Object]
impl A {
    async fn a(&self) -> A {
        A
    }
}

#[tokio::main]
async fn main() {
    let port = std::env::var("PORT").expect("PORT");
    let schema = Schema::build(Query, EmptyMutation, EmptySubscription).finish();
    let app = Router::new()
        .route("/graphql", post_service(GraphQL::new(schema)))
        .route("/health", get(|| async { "ok" }));
    let listener = tokio::net::TcpListener::bind(format!("127.0.0.1:{port}"))
        .await
        .unwrap();
    axum::serve(listener, app).await.unwrap();
}
