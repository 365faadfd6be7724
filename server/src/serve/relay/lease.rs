//! Leases in Redis: the server whose token `virada:lease:ID` holds runs
//! table `ID`'s actor (its clock, its bot, its grace periods). A lease is
//! taken with `SET NX PX` and lapses [`TTL`] after its last renewal; a
//! server renews all of its leases, and its liveness key
//! `virada:alive:TOKEN`, in one Lua script every [`RENEW_EVERY`], on a
//! connection of its own so that a renewal never waits behind the tables'
//! writes.
//!
//! A new table's lease is a reservation at first: its opening server holds
//! it and marks it claimable (`virada:fresh:ID`, [`FRESH`]); the first
//! server the proxy sends one of the table's sockets to claims it
//! ([`settle`]), so the table runs where its sockets are, whichever server
//! opened it. A running table's holder may hand its lease to the server its
//! sockets reach ([`hand`]).

use std::time::Duration;

use redis::aio::ConnectionManager;
use redis::Script;

use super::super::store::lease_key;

/// How long a lease outlives its holder's last renewal.
pub const TTL: Duration = Duration::from_millis(2000);
/// How often a server renews its leases.
pub const RENEW_EVERY: Duration = Duration::from_millis(600);
/// How often a server with sockets of a table it does not run looks at the
/// table's lease (and takes it when it lapsed).
pub const WATCH_EVERY: Duration = Duration::from_millis(300);
/// How long a new table's lease stays claimable by the server its sockets
/// reach; its opening server runs it itself sooner when asked anything.
pub const FRESH: Duration = Duration::from_millis(5000);
/// How long the opening server waits for a claim before it runs a table
/// nobody asked anything of (its seat wait runs meanwhile, as stored).
pub const FRESH_WAIT: Duration = Duration::from_millis(3000);

// The opening server settles its reservation before the mark lapses.
const _: () = assert!(FRESH_WAIT.as_millis() < FRESH.as_millis());

/// The longest a table goes without a running holder after its holder
/// stops: the lease lapses ([`TTL`] after the last renewal), then the next
/// look of a server with sockets of the table takes it.
pub const TAKEOVER_BOUND: Duration = TTL.saturating_add(WATCH_EVERY);

// The bar: another server takes the clock within 3 s of the holder's death.
const _: () = assert!(TAKEOVER_BOUND.as_millis() <= 3000);
// A lease is renewed several times within its time to live.
const _: () = assert!(RENEW_EVERY.as_millis() * 3 <= TTL.as_millis());

/// Renews: KEYS = the liveness key, then each lease; ARGV = our token, the
/// time to live in ms. A lease still ours is renewed; the indices (from 1)
/// of the others come back: lost. A lease that lapsed is lost too, even
/// when nobody holds it now: another server may have taken it, run the
/// table and lapsed in turn, so what this server has of the table may be
/// behind; its server reads the table again from the store (front.rs).
const RENEW: &str = r"
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local lost = {}
for i = 2, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
  else
    lost[#lost + 1] = i - 1
  end
end
return lost
";

/// Reserves a new table's lease: KEYS = the lease, the claimable mark;
/// ARGV = our token, the lease's time to live, the mark's (ms). 1 when
/// reserved, 0 when the table's lease was held already.
const RESERVE: &str = r"
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[3])
  return 1
end
return 0
";

/// Settles a lease for `ARGV[1]`: KEYS = the lease, the claimable mark;
/// ARGV = our token, the time to live. Ours already (our own reservation,
/// or a lease we hold): the mark goes and the lease is renewed. Another's
/// that is still claimable (the mark names the holder): it becomes ours.
/// 1 when the lease is ours now, 0 when not.
const SETTLE: &str = r"
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('DEL', KEYS[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
local fresh = redis.call('GET', KEYS[2])
if holder and fresh == holder then
  redis.call('DEL', KEYS[2])
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
";

/// Hands a lease on: KEYS = the lease; ARGV = our token, the next holder's,
/// the time to live. 1 when handed, 0 when the lease was not ours.
const HAND: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
";

/// Lets a lease go when it is still ours: KEYS = the lease; ARGV = our token.
const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
";

/// A server's liveness key.
pub fn alive_key(token: &str) -> String {
    format!("virada:alive:{token}")
}

/// A new table's claimable mark: the token of the server that reserved it.
fn fresh_key(id: &str) -> String {
    format!("virada:fresh:{id}")
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn ttl_ms() -> u64 {
    ms(TTL)
}

/// Reserves new table `id`'s lease for `token`, claimable for [`FRESH`].
pub async fn reserve(c: &mut ConnectionManager, id: &str, token: &str) -> redis::RedisResult<bool> {
    let done: i64 = Script::new(RESERVE)
        .key(lease_key(id))
        .key(fresh_key(id))
        .arg(token)
        .arg(ttl_ms())
        .arg(ms(FRESH))
        .invoke_async(c)
        .await?;
    Ok(done == 1)
}

/// Makes table `id`'s lease `token`'s when it is already, or when it is
/// still claimable ([`SETTLE`]); whether it is `token`'s now.
pub async fn settle(c: &mut ConnectionManager, id: &str, token: &str) -> redis::RedisResult<bool> {
    let done: i64 = Script::new(SETTLE)
        .key(lease_key(id))
        .key(fresh_key(id))
        .arg(token)
        .arg(ttl_ms())
        .invoke_async(c)
        .await?;
    Ok(done == 1)
}

/// Hands table `id`'s lease from `token` to `next`; whether it was ours.
pub async fn hand(
    c: &mut ConnectionManager,
    id: &str,
    token: &str,
    next: &str,
) -> redis::RedisResult<bool> {
    let done: i64 = Script::new(HAND)
        .key(lease_key(id))
        .arg(token)
        .arg(next)
        .arg(ttl_ms())
        .invoke_async(c)
        .await?;
    Ok(done == 1)
}

/// Takes table `id`'s lease for `token` when nobody holds it.
pub async fn take(c: &mut ConnectionManager, id: &str, token: &str) -> redis::RedisResult<bool> {
    let taken: Option<String> = redis::cmd("SET")
        .arg(lease_key(id))
        .arg(token)
        .arg("NX")
        .arg("PX")
        .arg(ttl_ms())
        .query_async(c)
        .await?;
    Ok(taken.is_some())
}

/// Who holds table `id`'s lease.
pub async fn holder(c: &mut ConnectionManager, id: &str) -> redis::RedisResult<Option<String>> {
    redis::cmd("GET").arg(lease_key(id)).query_async(c).await
}

/// Lets table `id`'s lease go when `token` holds it.
pub async fn release(c: &mut ConnectionManager, id: &str, token: &str) -> redis::RedisResult<()> {
    let _: i64 = Script::new(RELEASE)
        .key(lease_key(id))
        .arg(token)
        .invoke_async(c)
        .await?;
    Ok(())
}

/// Renews `token`'s liveness and its leases of `ids`; the ids whose lease
/// is no longer `token`'s (another server holds it, or it lapsed).
pub async fn renew(
    c: &mut ConnectionManager,
    token: &str,
    ids: &[String],
) -> redis::RedisResult<Vec<String>> {
    let script = Script::new(RENEW);
    let mut invocation = script.key(alive_key(token));
    for id in ids {
        invocation.key(lease_key(id));
    }
    let lost: Vec<usize> = invocation.arg(token).arg(ttl_ms()).invoke_async(c).await?;
    Ok(lost
        .into_iter()
        .filter_map(|i| ids.get(i.checked_sub(1)?).cloned())
        .collect())
}

/// Which of `tokens` belong to servers still alive (their liveness key
/// not lapsed).
pub async fn alive(c: &mut ConnectionManager, tokens: &[String]) -> redis::RedisResult<Vec<bool>> {
    if tokens.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<String> = tokens.iter().map(|t| alive_key(t)).collect();
    let found: Vec<Option<String>> = redis::cmd("MGET").arg(&keys).query_async(c).await?;
    Ok(found.into_iter().map(|f| f.is_some()).collect())
}

/// The tables in progress whose lease nobody holds.
pub async fn unheld(c: &mut ConnectionManager, ids: &[String]) -> redis::RedisResult<Vec<String>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<String> = ids.iter().map(|id| lease_key(id)).collect();
    let holders: Vec<Option<String>> = redis::cmd("MGET").arg(&keys).query_async(c).await?;
    Ok(ids
        .iter()
        .zip(holders)
        .filter(|(_, h)| h.is_none())
        .map(|(id, _)| id.clone())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::super::super::store::redis_server::RedisServer;
    use super::*;

    /// Runs `test` with a connection to a Redis of its own.
    fn with_redis<F: std::future::Future<Output = ()>>(
        name: &str,
        test: impl FnOnce(ConnectionManager) -> F,
    ) {
        let server = RedisServer::start(name);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let client = redis::Client::open(server.url()).unwrap();
            test(ConnectionManager::new(client).await.unwrap()).await;
        });
    }

    #[test]
    fn a_lapsed_lease_and_a_taken_one_are_lost_and_a_held_one_renewed() {
        with_redis("lease", |mut c| async move {
            assert!(take(&mut c, "t1", "ours").await.unwrap());
            assert!(take(&mut c, "t2", "ours").await.unwrap());
            assert!(take(&mut c, "t0", "ours").await.unwrap());
            assert!(!take(&mut c, "t1", "theirs").await.unwrap());
            // t1 lapses and nobody takes it; t2 lapses and another server
            // takes it; t0 stays ours.
            let _: () = redis::cmd("DEL")
                .arg(lease_key("t1"))
                .arg(lease_key("t2"))
                .query_async(&mut c)
                .await
                .unwrap();
            assert!(take(&mut c, "t2", "theirs").await.unwrap());
            let ids = vec!["t0".to_string(), "t1".to_string(), "t2".to_string()];
            let lost = renew(&mut c, "ours", &ids).await.unwrap();
            assert_eq!(lost, vec!["t1".to_string(), "t2".to_string()]);
            assert_eq!(holder(&mut c, "t0").await.unwrap().as_deref(), Some("ours"));
            assert_eq!(holder(&mut c, "t1").await.unwrap(), None);
            assert_eq!(
                holder(&mut c, "t2").await.unwrap().as_deref(),
                Some("theirs")
            );
            let tokens = vec!["ours".to_string(), "theirs".to_string()];
            assert_eq!(alive(&mut c, &tokens).await.unwrap(), vec![true, false]);
            release(&mut c, "t2", "ours").await.unwrap();
            assert!(holder(&mut c, "t2").await.unwrap().is_some());
            release(&mut c, "t0", "ours").await.unwrap();
            let ids: Vec<String> = ["t0", "t1", "t2", "t3"].map(String::from).to_vec();
            let free = unheld(&mut c, &ids).await.unwrap();
            assert_eq!(free, ["t0", "t1", "t3"].map(String::from).to_vec());
        });
    }

    #[test]
    fn a_reservation_is_claimed_once_and_a_lease_handed_on_only_by_its_holder() {
        with_redis("reserve", |mut c| async move {
            // Opened by "a": claimed by "b" (where its sockets went); then
            // neither "c" nor "a" can claim it, and "a" may not hand it on.
            assert!(reserve(&mut c, "n1", "a").await.unwrap());
            assert!(!reserve(&mut c, "n1", "z").await.unwrap(), "held already");
            assert!(settle(&mut c, "n1", "b").await.unwrap());
            assert!(!settle(&mut c, "n1", "c").await.unwrap());
            assert!(!settle(&mut c, "n1", "a").await.unwrap());
            assert_eq!(holder(&mut c, "n1").await.unwrap().as_deref(), Some("b"));
            assert!(!hand(&mut c, "n1", "a", "c").await.unwrap());
            assert!(hand(&mut c, "n1", "b", "c").await.unwrap());
            assert_eq!(holder(&mut c, "n1").await.unwrap().as_deref(), Some("c"));
            // Opened by "a" and run there: nobody else claims it after.
            assert!(reserve(&mut c, "n2", "a").await.unwrap());
            assert!(settle(&mut c, "n2", "a").await.unwrap());
            assert!(!settle(&mut c, "n2", "b").await.unwrap());
            assert_eq!(holder(&mut c, "n2").await.unwrap().as_deref(), Some("a"));
            // A lease that is not a reservation is not claimable.
            assert!(take(&mut c, "n3", "a").await.unwrap());
            assert!(!settle(&mut c, "n3", "b").await.unwrap());
        });
    }
}
