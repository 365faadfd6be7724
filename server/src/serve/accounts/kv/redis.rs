//! The accounts' shared store: the same documents in the Redis of several
//! servers (`--redis`).
//!
//! | key | type | what |
//! | --- | --- | --- |
//! | `virada:kv:KEY` | string | a document (PX when it lapses) |
//! | `virada:rank:INDEX` | sorted set | a sorted index |
//! | `virada:accounts:schema` | string | the schema's version |
//!
//! A swap is one Lua script, so it is atomic across servers.

use redis::aio::ConnectionManager;
use redis::Script;

use super::{Answer, Change, Expect, KeyValue, SCHEMA_VERSION};

/// Where the schema's version is kept.
const SCHEMA_KEY: &str = "virada:accounts:schema";

/// Checks every key's expectation, then applies every change (ARGV: five a
/// key: expectation 0 any, 1 absent, 2 equal; the expected value; 1 set or
/// 0 remove; the new value; milliseconds to lapse, 0 for never).
const SWAP: &str = r"
for i = 1, #KEYS do
  local base = (i - 1) * 5
  local kind = ARGV[base + 1]
  if kind ~= '0' then
    local held = redis.call('GET', KEYS[i])
    if kind == '1' then
      if held then return 0 end
    elseif held ~= ARGV[base + 2] then
      return 0
    end
  end
end
for i = 1, #KEYS do
  local base = (i - 1) * 5
  if ARGV[base + 3] == '1' then
    local ttl = tonumber(ARGV[base + 5])
    if ttl > 0 then
      redis.call('SET', KEYS[i], ARGV[base + 4], 'PX', ttl)
    else
      redis.call('SET', KEYS[i], ARGV[base + 4])
    end
  else
    redis.call('DEL', KEYS[i])
  end
end
return 1
";

/// Sets the schema's version (ARGV[2]) only where it is ARGV[1].
const SET_VERSION: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2])
  return 1
end
return 0
";

/// The accounts' Redis store; cheap to clone.
#[derive(Clone)]
pub struct RedisKv {
    connection: ConnectionManager,
    swap: Script,
}

fn failed(e: &redis::RedisError) -> String {
    format!("accounts store (Redis): {e}")
}

fn doc_key(key: &str) -> String {
    format!("virada:kv:{key}")
}

fn rank_key(index: &str) -> String {
    format!("virada:rank:{index}")
}

impl RedisKv {
    /// The store over a connection to the servers' Redis. A Redis without
    /// accounts starts at the current schema; one at version 1 keeps it
    /// until the accounts migrate its documents (`super::super::speeds`);
    /// a newer one is refused.
    pub async fn open(mut connection: ConnectionManager) -> Result<RedisKv, String> {
        // Written only where no version is (a new store).
        redis::cmd("SET")
            .arg(SCHEMA_KEY)
            .arg(SCHEMA_VERSION)
            .arg("NX")
            .query_async::<()>(&mut connection)
            .await
            .map_err(|e| failed(&e))?;
        let version: Option<u32> = redis::cmd("GET")
            .arg(SCHEMA_KEY)
            .query_async(&mut connection)
            .await
            .map_err(|e| failed(&e))?;
        let version = version.unwrap_or(0);
        if version > SCHEMA_VERSION {
            return Err(format!(
                "the accounts' schema in Redis is version {version}, newer than this server's {SCHEMA_VERSION}"
            ));
        }
        Ok(RedisKv {
            connection,
            swap: Script::new(SWAP),
        })
    }
}

impl KeyValue for RedisKv {
    fn get(&self, key: &str) -> Answer<'_, Option<String>> {
        let key = doc_key(key);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            redis::cmd("GET")
                .arg(key)
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))
        })
    }

    fn swap(&self, changes: Vec<Change>) -> Answer<'_, bool> {
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let mut invocation = self.swap.prepare_invoke();
            for change in &changes {
                let (kind, expected) = match &change.expect {
                    Expect::Any => ("0", ""),
                    Expect::Absent => ("1", ""),
                    Expect::Equal(v) => ("2", v.as_str()),
                };
                invocation
                    .key(doc_key(&change.key))
                    .arg(kind)
                    .arg(expected)
                    .arg(if change.set.is_some() { "1" } else { "0" })
                    .arg(change.set.as_deref().unwrap_or(""))
                    .arg(change.ttl_ms.unwrap_or(0));
            }
            let done: i64 = invocation
                .invoke_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            Ok(done == 1)
        })
    }

    fn take(&self, key: &str) -> Answer<'_, Option<String>> {
        let key = doc_key(key);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            redis::cmd("GETDEL")
                .arg(key)
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))
        })
    }

    fn rank(&self, index: &str, member: &str, score: Option<f64>) -> Answer<'_, ()> {
        let (key, member) = (rank_key(index), member.to_string());
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let command = match score {
                Some(score) => {
                    let mut c = redis::cmd("ZADD");
                    c.arg(&key).arg(score).arg(&member);
                    c
                }
                None => {
                    let mut c = redis::cmd("ZREM");
                    c.arg(&key).arg(&member);
                    c
                }
            };
            command
                .query_async::<()>(&mut connection)
                .await
                .map_err(|e| failed(&e))
        })
    }

    fn top(&self, index: &str, count: usize) -> Answer<'_, Vec<(String, f64)>> {
        let key = rank_key(index);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            if count == 0 {
                return Ok(Vec::new());
            }
            // Highest first; ties by member, as SQLite orders them.
            let mut rows: Vec<(String, f64)> = redis::cmd("ZRANGE")
                .arg(&key)
                .arg("+inf")
                .arg("-inf")
                .arg("BYSCORE")
                .arg("REV")
                .arg("LIMIT")
                .arg(0)
                .arg(count)
                .arg("WITHSCORES")
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            rows.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            Ok(rows)
        })
    }

    fn schema_version(&self) -> Answer<'_, u32> {
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let version: Option<u32> = redis::cmd("GET")
                .arg(SCHEMA_KEY)
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            Ok(version.unwrap_or(0))
        })
    }

    fn set_schema_version(&self, from: u32, to: u32) -> Answer<'_, bool> {
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let done: i64 = Script::new(SET_VERSION)
                .key(SCHEMA_KEY)
                .arg(from)
                .arg(to)
                .invoke_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            Ok(done == 1)
        })
    }

    fn keys(&self, prefix: &str) -> Answer<'_, Vec<String>> {
        let mut pattern = doc_key("");
        for c in prefix.chars() {
            if matches!(c, '*' | '?' | '[' | ']' | '\\') {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('*');
        let strip = doc_key("").len();
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let mut keys = Vec::new();
            let mut cursor: u64 = 0;
            loop {
                let (next, batch): (u64, Vec<String>) = redis::cmd("SCAN")
                    .arg(cursor)
                    .arg("MATCH")
                    .arg(&pattern)
                    .arg("COUNT")
                    .arg(1000)
                    .query_async(&mut connection)
                    .await
                    .map_err(|e| failed(&e))?;
                keys.extend(batch.into_iter().map(|k| k[strip..].to_string()));
                if next == 0 {
                    break;
                }
                cursor = next;
            }
            // SCAN may name a key twice.
            keys.sort();
            keys.dedup();
            Ok(keys)
        })
    }
}
