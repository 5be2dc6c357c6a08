//! Every limit of the server, in one place (docs/http-api.md, *Limits*): what a client may
//! hold (connections, time to send its request, bytes being uploaded) and what one request
//! may cost (body size, plies and mate depth of `/label`, analyses at once, the work budget).

use std::time::Duration;

/// Request and connection limits. `qili serve` sets each with a flag; `GET /health` lists
/// them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest JSON body (`/judge`, `/label`, `/moves`, `/position`), bytes.
    pub json_body: usize,
    /// Largest record file (`/audit`, `/records`), bytes.
    pub record_body: usize,
    /// Bytes of request bodies being received or held at once, across all requests: an
    /// upload past it is refused (503) rather than buffered.
    pub upload_budget: usize,
    /// Largest answer of `/audit`, bytes (422 past it: the file is to be split).
    pub audit_answer: usize,
    /// Most plies `/label` labels in one request (every ply is labelled, with a mate search).
    pub label_plies: usize,
    /// Largest `mate_depth` a `/label` request may ask for.
    pub mate_depth: u32,
    /// Analyses run at once; further requests wait their turn (within their budget). A
    /// slot is held until the analysis ends, even when its client has gone.
    pub concurrent: usize,
    /// Open connections at once; a connection past it is closed at once.
    pub connections: usize,
    /// Open connections at once from one client address.
    pub connections_per_client: usize,
    /// Time to send a request's headers (and, on a kept-alive connection, the next
    /// request's), from the moment the server waits for them; the connection is closed
    /// past it.
    pub header_timeout: Duration,
    /// Time to send a request's body, from the end of its headers (408 past it).
    pub body_timeout: Duration,
    /// Most time one request's analysis may take, waiting for a slot included; a request
    /// may lower it with `?budget_ms=` but not raise it (503 past it).
    pub budget: Duration,
    /// Host names (besides `localhost` and IP addresses) the server answers to: a request
    /// naming another host gets 421 (a defence against DNS rebinding).
    pub allowed_hosts: Vec<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            json_body: 1 << 20,
            record_body: 16 << 20,
            upload_budget: 64 << 20,
            audit_answer: 32 << 20,
            label_plies: 1000,
            mate_depth: 8,
            concurrent: std::thread::available_parallelism().map_or(2, |n| n.get() * 2),
            connections: 512,
            connections_per_client: 128,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(60),
            budget: Duration::from_secs(20),
            allowed_hosts: Vec::new(),
        }
    }
}

impl Limits {
    /// The limits as `GET /health` lists them (sizes in bytes, times in milliseconds).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "json_body": self.json_body,
            "record_body": self.record_body,
            "upload_budget": self.upload_budget,
            "audit_answer": self.audit_answer,
            "label_plies": self.label_plies,
            "mate_depth": self.mate_depth,
            "concurrent": self.concurrent,
            "connections": self.connections,
            "connections_per_client": self.connections_per_client,
            "header_timeout_ms": millis(self.header_timeout),
            "body_timeout_ms": millis(self.body_timeout),
            "budget_ms": millis(self.budget),
            "allowed_hosts": self.allowed_hosts,
        })
    }

    /// The budget of a request that asks for `asked` milliseconds: the smaller of the two.
    pub fn budget_for(&self, asked: Option<u64>) -> Duration {
        match asked {
            Some(ms) => self.budget.min(Duration::from_millis(ms)),
            None => self.budget,
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_lowers_its_budget_but_cannot_raise_it() {
        let l = Limits::default();
        assert_eq!(l.budget_for(None), Duration::from_secs(20));
        assert_eq!(l.budget_for(Some(500)), Duration::from_millis(500));
        assert_eq!(l.budget_for(Some(10_000_000)), Duration::from_secs(20));
    }

    #[test]
    fn health_lists_every_limit() {
        let j = Limits::default().to_json();
        for key in [
            "json_body",
            "record_body",
            "upload_budget",
            "audit_answer",
            "label_plies",
            "mate_depth",
            "concurrent",
            "connections",
            "connections_per_client",
            "header_timeout_ms",
            "body_timeout_ms",
            "budget_ms",
            "allowed_hosts",
        ] {
            assert!(j.get(key).is_some(), "{key} missing from {j}");
        }
        assert_eq!(j["connections"], 512);
        assert_eq!(j["upload_budget"], 64 << 20);
    }
}
