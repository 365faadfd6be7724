//! What the Redis a load run's servers share says of itself: its memory
//! (`used_memory` from `INFO memory`), read before, during and after the
//! run, and the `PUBLISH` commands it ran (`INFO commandstats`), read as the
//! moves begin and end.

use redis::aio::MultiplexedConnection;

/// A connection to the shared Redis, for reading its figures.
pub(super) struct RedisStats {
    connection: MultiplexedConnection,
}

impl RedisStats {
    /// Connects to `url` (`redis://HOST:PORT`).
    pub(super) async fn connect(url: &str) -> Result<RedisStats, String> {
        let client = redis::Client::open(url).map_err(|e| format!("--redis {url}: {e}"))?;
        let connection = client
            .get_multiplexed_async_connection()
            .await
            .map_err(|e| format!("cannot reach Redis at {url}: {e}"))?;
        Ok(RedisStats { connection })
    }

    /// Bytes Redis has allocated now (`used_memory`).
    pub(super) async fn used(&self) -> Result<u64, String> {
        let mut connection = self.connection.clone();
        let info: String = redis::cmd("INFO")
            .arg("memory")
            .query_async(&mut connection)
            .await
            .map_err(|e| format!("redis INFO memory: {e}"))?;
        used_memory(&info).ok_or_else(|| "redis INFO memory has no used_memory".to_string())
    }

    /// How many `PUBLISH` commands Redis ran since it started.
    pub(super) async fn publish_calls(&self) -> Result<u64, String> {
        let mut connection = self.connection.clone();
        let info: String = redis::cmd("INFO")
            .arg("commandstats")
            .query_async(&mut connection)
            .await
            .map_err(|e| format!("redis INFO commandstats: {e}"))?;
        Ok(publish_calls(&info))
    }
}

/// `cmdstat_publish`'s calls from the text of `INFO commandstats` (0 when
/// Redis never ran one).
fn publish_calls(info: &str) -> u64 {
    info.lines()
        .find_map(|l| l.trim().strip_prefix("cmdstat_publish:calls="))
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// `used_memory` from the text of `INFO memory`.
fn used_memory(info: &str) -> Option<u64> {
    info.lines()
        .find_map(|l| l.trim().strip_prefix("used_memory:"))
        .and_then(|v| v.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_used_memory_and_not_its_neighbours() {
        let info =
            "# Memory\r\nused_memory_human:1.02M\r\nused_memory:1069488\r\nused_memory_rss:9M\r\n";
        assert_eq!(super::used_memory(info), Some(1_069_488));
        assert_eq!(super::used_memory("# Memory\r\n"), None);
    }

    #[test]
    fn reads_the_publish_calls_and_none_when_never_run() {
        let info = "# Commandstats\r\ncmdstat_publish:calls=42,usec=9,usec_per_call=0.2\r\n\
                    cmdstat_psubscribe:calls=3,usec=1\r\n";
        assert_eq!(super::publish_calls(info), 42);
        assert_eq!(
            super::publish_calls("# Commandstats\r\ncmdstat_get:calls=1\r\n"),
            0
        );
    }
}
