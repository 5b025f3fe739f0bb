// A service row (parsers/README.md, SERVICES-SPEC.md): axum's documented JSON body extractor,
// `Json<serde_json::Value>`, on #[tokio::main]'s default multi-threaded runtime (2 MiB worker stacks).
// Default configuration: axum's default body limit, no layers, no error handlers.
use axum::{routing::get, routing::post, Json, Router};
use serde_json::Value;

async fn parse(Json(_value): Json<Value>) -> &'static str {
    "ok"
}

async fn echo(Json(value): Json<Value>) -> Json<Value> {
    Json(value)
}

#[tokio::main]
async fn main() {
    let port = std::env::var("PORT").expect("PORT");
    let app = Router::new()
        .route("/parse", post(parse))
        .route("/echo", post(echo))
        .route("/health", get(|| async { "ok" }));
    let listener = tokio::net::TcpListener::bind(format!("127.0.0.1:{port}"))
        .await
        .unwrap();
    axum::serve(listener, app).await.unwrap();
}
