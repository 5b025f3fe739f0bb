// A service row (parsers/README.md, SERVICES-SPEC.md): actix-web's documented JSON extractor,
// `web::Json<serde_json::Value>`, on its default server (#[actix_web::main], one worker per CPU).
// Default configuration: no JsonConfig (its default payload limit), no error handlers.
use actix_web::{get, post, web, App, HttpServer, Responder};
use serde_json::Value;

#[post("/parse")]
async fn parse(_value: web::Json<Value>) -> impl Responder {
    "ok"
}

#[post("/echo")]
async fn echo(value: web::Json<Value>) -> impl Responder {
    web::Json(value.into_inner())
}

#[get("/health")]
async fn health() -> impl Responder {
    "ok"
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let port: u16 = std::env::var("PORT").expect("PORT").parse().expect("PORT is a number");
    HttpServer::new(|| App::new().service(parse).service(echo).service(health))
        .bind(("127.0.0.1", port))?
        .run()
        .await
}
