import CLibPQ
import QueueSync

/// The store's schema, created and migrated by the store itself: each connection, before its first
/// statement, brings the database up to ``latestVersion`` in one transaction, under an advisory lock so that
/// many servers starting at once migrate it once. The versions applied are rows of `queuesync_schema_version`;
/// a database migrated by a newer version of the store is refused, never written.
///
/// Version 1:
///
///     queuesync_zones    (user_id, zone) primary key, counter: the zone's last change number. Each save and
///                        delete takes this row's lock (SELECT … FOR UPDATE) for its whole transaction and
///                        numbers its changes from it, so that change numbers commit in order within a zone.
///     queuesync_records  (user_id, zone, record_id) primary key, record_type, change_tag, sequence (the
///                        number of the record's last change), deleted, fields (jsonb: {"name": {"string": …}});
///                        index (user_id, zone, sequence) for the change feed.
///     queuesync_save(user, zone, batch jsonb), queuesync_delete(user, zone, ids jsonb): the conditional save
///                        and the delete, each one statement (one round trip, one transaction).
///
/// Version 2: `queuesync_records.created_at`, when a record was first saved, for operators.
public enum PostgresSchema {
  /// The newest schema version this store writes.
  public static let latestVersion = 2

  /// The advisory lock key that serializes migrations (`pg_advisory_xact_lock`).
  static let migrationLock = "7150015"

  /// The statements of each version, in order.
  static let migrations: [[String]] = [
    [
      """
      CREATE TABLE queuesync_zones (
        user_id text NOT NULL, zone text NOT NULL, counter bigint NOT NULL DEFAULT 0, PRIMARY KEY (user_id, zone))
      """,
      """
      CREATE TABLE queuesync_records (
        user_id text NOT NULL, zone text NOT NULL, record_id text NOT NULL, record_type text NOT NULL,
        change_tag text, sequence bigint NOT NULL, deleted boolean NOT NULL DEFAULT false, fields jsonb,
        PRIMARY KEY (user_id, zone, record_id))
      """,
      "CREATE INDEX queuesync_records_changes ON queuesync_records (user_id, zone, sequence)",
      """
      CREATE FUNCTION queuesync_save(p_user text, p_zone text, p_batch jsonb)
      RETURNS TABLE (o_outcome text, o_id text, o_type text, o_tag text, o_fields text)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_counter bigint;
        v_item jsonb;
        v_current queuesync_records%ROWTYPE;
        v_found boolean;
      BEGIN
        INSERT INTO queuesync_zones AS z (user_id, zone) VALUES (p_user, p_zone) ON CONFLICT DO NOTHING;
        SELECT z.counter INTO v_counter FROM queuesync_zones z
          WHERE z.user_id = p_user AND z.zone = p_zone FOR UPDATE;
        FOR v_item IN SELECT t.e FROM jsonb_array_elements(p_batch) WITH ORDINALITY AS t(e, n) ORDER BY t.n LOOP
          o_id := v_item->>'id';
          SELECT * INTO v_current FROM queuesync_records r
            WHERE r.user_id = p_user AND r.zone = p_zone AND r.record_id = o_id;
          v_found := FOUND;
          o_tag := NULL;
          o_fields := NULL;
          IF v_found AND v_current.deleted THEN
            o_outcome := 'deleted';
            o_type := v_current.record_type;
          ELSIF (v_item->>'tooLarge')::boolean THEN
            o_outcome := 'tooLarge';
            o_type := v_item->>'type';
          ELSIF v_found AND v_current.change_tag IS DISTINCT FROM (v_item->>'changeTag') THEN
            o_outcome := 'conflict';
            o_type := v_current.record_type;
            o_tag := v_current.change_tag;
            o_fields := v_current.fields::text;
          ELSE
            v_counter := v_counter + 1;
            o_outcome := 'saved';
            o_type := v_item->>'type';
            o_tag := v_counter::text;
            INSERT INTO queuesync_records AS r
              (user_id, zone, record_id, record_type, change_tag, sequence, deleted, fields)
              VALUES (p_user, p_zone, o_id, o_type, o_tag, v_counter, false, v_item->'fields')
              ON CONFLICT (user_id, zone, record_id) DO UPDATE SET record_type = EXCLUDED.record_type,
                change_tag = EXCLUDED.change_tag, sequence = EXCLUDED.sequence, fields = EXCLUDED.fields;
          END IF;
          RETURN NEXT;
        END LOOP;
        UPDATE queuesync_zones z SET counter = v_counter WHERE z.user_id = p_user AND z.zone = p_zone;
      END
      $$
      """,
      """
      CREATE FUNCTION queuesync_delete(p_user text, p_zone text, p_ids jsonb) RETURNS bigint
      LANGUAGE plpgsql AS $$
      DECLARE
        v_counter bigint;
        v_id text;
      BEGIN
        INSERT INTO queuesync_zones AS z (user_id, zone) VALUES (p_user, p_zone) ON CONFLICT DO NOTHING;
        SELECT z.counter INTO v_counter FROM queuesync_zones z
          WHERE z.user_id = p_user AND z.zone = p_zone FOR UPDATE;
        FOR v_id IN SELECT jsonb_array_elements_text(p_ids) LOOP
          IF NOT EXISTS (SELECT 1 FROM queuesync_records r
              WHERE r.user_id = p_user AND r.zone = p_zone AND r.record_id = v_id AND r.deleted) THEN
            v_counter := v_counter + 1;
            INSERT INTO queuesync_records AS r
              (user_id, zone, record_id, record_type, change_tag, sequence, deleted, fields)
              VALUES (p_user, p_zone, v_id, '', NULL, v_counter, true, NULL)
              ON CONFLICT (user_id, zone, record_id) DO UPDATE SET change_tag = NULL, sequence = EXCLUDED.sequence,
                deleted = true, fields = NULL;
          END IF;
        END LOOP;
        UPDATE queuesync_zones z SET counter = v_counter WHERE z.user_id = p_user AND z.zone = p_zone;
        RETURN v_counter;
      END
      $$
      """,
    ],
    ["ALTER TABLE queuesync_records ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()"],
  ]

  /// The naive numbering's save (see ``ChangeNumbering/naiveSequence``): `queuesync_save`'s outcomes, but
  /// numbers from a sequence and no zone lock. Never part of a migration.
  static let naiveNumbering = [
    "CREATE SEQUENCE IF NOT EXISTS queuesync_naive_numbers",
    """
    CREATE OR REPLACE FUNCTION queuesync_save_naive(p_user text, p_zone text, p_batch jsonb)
    RETURNS TABLE (o_outcome text, o_id text, o_type text, o_tag text, o_fields text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_number bigint;
      v_item jsonb;
      v_current queuesync_records%ROWTYPE;
    BEGIN
      FOR v_item IN SELECT t.e FROM jsonb_array_elements(p_batch) WITH ORDINALITY AS t(e, n) ORDER BY t.n LOOP
        o_id := v_item->>'id';
        SELECT * INTO v_current FROM queuesync_records r
          WHERE r.user_id = p_user AND r.zone = p_zone AND r.record_id = o_id;
        o_outcome := CASE WHEN FOUND AND v_current.deleted THEN 'deleted'
          WHEN (v_item->>'tooLarge')::boolean THEN 'tooLarge'
          WHEN FOUND AND v_current.change_tag IS DISTINCT FROM (v_item->>'changeTag') THEN 'conflict'
          ELSE 'saved' END;
        o_type := CASE WHEN o_outcome IN ('deleted', 'conflict') THEN v_current.record_type ELSE v_item->>'type' END;
        o_tag := CASE WHEN o_outcome = 'conflict' THEN v_current.change_tag END;
        o_fields := CASE WHEN o_outcome = 'conflict' THEN v_current.fields::text END;
        IF o_outcome = 'saved' THEN
          v_number := nextval('queuesync_naive_numbers');
          o_tag := v_number::text;
          INSERT INTO queuesync_records AS r
            (user_id, zone, record_id, record_type, change_tag, sequence, deleted, fields)
            VALUES (p_user, p_zone, o_id, o_type, o_tag, v_number, false, v_item->'fields')
            ON CONFLICT (user_id, zone, record_id) DO UPDATE SET record_type = EXCLUDED.record_type,
              change_tag = EXCLUDED.change_tag, sequence = EXCLUDED.sequence, fields = EXCLUDED.fields;
        END IF;
        RETURN NEXT;
      END LOOP;
    END
    $$
    """,
  ]

  /// Installs the naive numbering's save in the database behind `connection` (a test's own database), for
  /// the control that shows the late-commit hazard.
  package static func installNaiveNumbering(on connection: PostgresConnection) throws(SyncServerError) {
    for statement in naiveNumbering { try connection.query(statement) }
  }

  /// The schema version of the database behind `connection` (0 for an empty database).
  public static func version(of connection: PostgresConnection) throws(SyncServerError) -> Int {
    let rows = try connection.query("SELECT coalesce(max(version), 0) FROM queuesync_schema_version")
    return rows.first?.first.flatMap { $0.flatMap { Int($0) } } ?? 0
  }

  /// Brings the database up to `target`, in one transaction under the migration lock.
  ///
  /// - Throws: ``SyncServerError.refused(_:)`` when the database is newer than this store knows, or the
  ///   connection's failure; nothing is changed then.
  /// - Complexity: One round trip when the database is up to date, a few per version applied.
  static func migrate(on connection: OpaquePointer, upTo target: Int) throws(SyncServerError) {
    func run(_ sql: String, _ parameters: [String?] = []) throws(SyncServerError) -> PostgresConnection.Rows {
      try PostgresConnection.run(sql, parameters, on: connection)
    }
    _ = try run("BEGIN")
    do throws(SyncServerError) {
      _ = try run("SELECT pg_advisory_xact_lock($1::bigint)", [migrationLock])
      _ = try run(
        """
        CREATE TABLE IF NOT EXISTS queuesync_schema_version (
          version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
        """)
      let current =
        try run("SELECT coalesce(max(version), 0) FROM queuesync_schema_version").first?.first
        .flatMap { $0.flatMap { Int($0) } } ?? 0
      if current > latestVersion {
        throw SyncServerError.refused(
          "the database's sync schema is version \(current), newer than this store's \(latestVersion); "
            + "update the server, or point it at another database")
      }
      for version in (current + 1)...max(current + 1, target) where version <= target {
        for statement in migrations[version - 1] { _ = try run(statement) }
        _ = try run("INSERT INTO queuesync_schema_version (version) VALUES ($1::integer)", [String(version)])
      }
      _ = try run("COMMIT")
    } catch {
      if PQstatus(connection) == CONNECTION_OK { _ = try? run("ROLLBACK") }
      throw error
    }
  }
}
