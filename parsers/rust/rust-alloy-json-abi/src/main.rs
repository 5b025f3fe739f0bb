// Reads all of stdin, then alloy_json_abi::JsonAbi::parse with the whole input as one
// human-readable signature (`function f((uint256))`, the form ethers' and viem's parseAbi read);
// exit 0 when it parsed. The returned error is the error line (exit 1); a stack overflow aborts
// (SIGABRT) as it would. The same call compiles against 0.7.x, RUSTSEC-2024-0362's affected side.
// Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

use alloy_json_abi::JsonAbi;

fn main() {
    let data = protocol::language_input();
    let signature = protocol::text(&data);
    match JsonAbi::parse([signature]) {
        Ok(abi) => {
            protocol::compiled();
            std::hint::black_box(abi);
        }
        Err(e) => fail("alloy_json_abi::parser::Error", &e.to_string()),
    }
    protocol::finished();
}
