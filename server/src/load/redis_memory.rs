//! The memory of the Redis a load run's servers share: `used_memory` from
//! `INFO memory`, read before, during and after the run.

use redis::aio::MultiplexedConnection;

/// A connection to the shared Redis, for reading its memory.
pub(super) struct RedisMemory {
    connection: MultiplexedConnection,
}

impl RedisMemory {
    /// Connects to `url` (`redis://HOST:PORT`).
    pub(super) async fn connect(url: &str) -> Result<RedisMemory, String> {
        let client = redis::Client::open(url).map_err(|e| format!("--redis {url}: {e}"))?;
        let connection = client
            .get_multiplexed_async_connection()
            .await
            .map_err(|e| format!("cannot reach Redis at {url}: {e}"))?;
        Ok(RedisMemory { connection })
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
}
