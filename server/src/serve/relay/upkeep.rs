//! A server's upkeep of its part: renewing its leases (and counting out the
//! people of servers that died), and running the tables nobody runs.

use std::sync::Arc;
use std::time::Duration;

use redis::aio::ConnectionManager;

use super::shared::Shared;
use super::{front, lease, lock, Cluster};

/// How often a server looks for tables nobody runs.
const SCAN_EVERY: Duration = Duration::from_millis(1000);
/// Leases renewed by one script.
const RENEW_BATCH: usize = 500;

impl Cluster {
    /// Renews the leases of the tables this server runs (or reserved),
    /// every [`lease::RENEW_EVERY`]; a lease another server took stops the
    /// table here (its sockets are relayed to the new holder). Then counts
    /// out the people of servers that died. The first renewal is at once:
    /// this server is alive from its start.
    pub(super) async fn renew(self: Arc<Self>, mut c: ConnectionManager) {
        let mut first = true;
        loop {
            if !std::mem::take(&mut first) {
                tokio::time::sleep(lease::RENEW_EVERY).await;
            }
            let fronts: Vec<Arc<Shared>> = lock(&self.fronts).values().cloned().collect();
            let ids: Vec<String> = fronts
                .iter()
                .filter(|f| f.leased())
                .map(|f| f.id.clone())
                .collect();
            // A script of a few hundred leases at a time: Redis runs each
            // alone, and the tables' moves wait behind it.
            let batches: Vec<&[String]> = if ids.is_empty() {
                vec![&[]]
            } else {
                ids.chunks(RENEW_BATCH).collect()
            };
            for batch in batches {
                match lease::renew(&mut c, &self.token, batch).await {
                    Ok(lost) => {
                        for id in lost {
                            if let Some(shared) = self.shared(&id) {
                                if shared.leased() {
                                    tracing::info!("table {id}: another server holds its lease");
                                    shared.lost();
                                }
                            }
                        }
                    }
                    Err(e) => {
                        super::super::ops::metrics().lease_renewals_failed.inc();
                        tracing::warn!("leases not renewed: {e}");
                    }
                }
            }
            let servers: Vec<String> = {
                let mut all: Vec<String> = fronts.iter().flat_map(|f| f.remote_servers()).collect();
                all.sort();
                all.dedup();
                all
            };
            if let Ok(alive) = lease::alive(&mut c, &servers).await {
                for (server, alive) in servers.iter().zip(alive) {
                    if !alive {
                        for f in &fronts {
                            f.server_gone(server).await;
                            self.spectators_changed(f);
                        }
                    }
                }
            }
        }
    }

    /// Looks for tables in progress whose lease nobody holds (nobody runs
    /// their clock) and runs them here, one lease at a time. A table is run
    /// once found free by two scans in a row: a server with its sockets
    /// (which looks every `lease::WATCH_EVERY`) takes it first.
    pub(super) async fn scan(self: Arc<Self>) {
        let mut c = self.connection.clone();
        let mut free_before: std::collections::HashSet<String> = Default::default();
        loop {
            let ids: redis::RedisResult<Vec<String>> = redis::cmd("SMEMBERS")
                .arg("virada:tables")
                .query_async(&mut c)
                .await;
            if let Ok(ids) = ids {
                let ids: Vec<String> = {
                    let fronts = lock(&self.fronts);
                    ids.into_iter()
                        .filter(|id| !fronts.contains_key(id))
                        .collect()
                };
                let mut free_now = std::collections::HashSet::new();
                for chunk in ids.chunks(500) {
                    let Ok(free) = lease::unheld(&mut c, chunk).await else {
                        break;
                    };
                    for id in free {
                        if free_before.contains(&id) {
                            self.adopt(&id).await;
                        } else {
                            free_now.insert(id);
                        }
                    }
                }
                free_before = free_now;
            }
            tokio::time::sleep(SCAN_EVERY).await;
        }
    }

    /// Takes table `id`'s lease, when nobody holds it, and runs it here.
    async fn adopt(self: &Arc<Self>, id: &str) {
        let _one = self.opening.lock().await;
        if self.stopping() || self.shared(id).is_some() {
            return;
        }
        let mut c = self.connection.clone();
        if !lease::take(&mut c, id, &self.token).await.unwrap_or(false) {
            return;
        }
        match (self.stored(id).await, self.hub.upgrade()) {
            (Some(saved), Some(hub)) => {
                tracing::info!("table {id}: nobody ran it; running it here");
                super::super::ops::metrics().takeovers.inc();
                self.front(&hub, front::Start::Adopted(saved), Vec::new());
            }
            _ => {
                let _ = lease::release(&mut c, id, &self.token).await;
            }
        }
    }
}
