/// A store file of format 4 as `smartfill` wrote it before shows could be tied to queues (built from `main` at
/// 4543866), for the test that such a store still loads. Written with `Datasets/gen-10-s7.json` by:
///
///     smartfill queues create Evening --emoji 🌙
///     smartfill queues add commute s1-e30 s1-e29 --catalog gen-10-s7.json
///     smartfill queues add up-next s2-e60 --catalog gen-10-s7.json
///     smartfill queues settings commute --mode fill-time --minutes 45 \
///       --priority https://feeds.example.com/show-00002.xml
///     smartfill queues rules commute add car
///     smartfill queues add evening s3-e21 --catalog gen-10-s7.json
///     smartfill queues delete evening -y
///     smartfill queues play --episode 1 --position 1:00
enum Version4Store {
  /// The file's text, byte for byte.
  static let text =
    #"""
    {
      "version": 4,
      "revision": 8,
      "queueLimit": 20,
      "activeQueueID": "up-next",
      "queues": [
        {
          "id": "up-next",
          "name": "📋 Up Next",
          "createdAt": "2026-12-05T18:56:23Z",
          "lastModified": "2026-12-05T18:56:23Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [],
          "currentIndex": 0,
          "episodes": [
            {
              "feedURL": "https://feeds.example.com/show-00002.xml",
              "episodeGUID": "s2-e60",
              "title": "Episode 60",
              "showTitle": "Show 2 (news)",
              "durationSeconds": 457,
              "playbackPositionSeconds": 60,
              "addedAt": "2026-12-05T18:56:23Z"
            }
          ]
        },
        {
          "id": "commute",
          "name": "🚗 Commute",
          "createdAt": "2026-12-05T18:56:23Z",
          "lastModified": "2026-12-05T18:56:23Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [
            {
              "kind": "car",
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            },
            {
              "kind": "car",
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            }
          ],
          "smartFillSettings": {
            "mode": "fill-time",
            "targetSeconds": 2700,
            "toleranceSeconds": 180,
            "priorityShows": ["https://feeds.example.com/show-00002.xml"]
          },
          "currentIndex": 0,
          "episodes": [
            {
              "feedURL": "https://feeds.example.com/show-00001.xml",
              "episodeGUID": "s1-e30",
              "title": "Episode 30",
              "showTitle": "Show 1 (typical)",
              "durationSeconds": 1996,
              "playbackPositionSeconds": 0,
              "addedAt": "2026-12-05T18:56:23Z"
            },
            {
              "feedURL": "https://feeds.example.com/show-00001.xml",
              "episodeGUID": "s1-e29",
              "title": "Episode 29",
              "showTitle": "Show 1 (typical)",
              "durationSeconds": 2126,
              "playbackPositionSeconds": 0,
              "addedAt": "2026-12-05T18:56:23Z"
            }
          ]
        },
        {
          "id": "workout",
          "name": "🏋️ Workout",
          "createdAt": "2026-12-05T18:56:23Z",
          "lastModified": "2026-12-05T18:56:23Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [
            {
              "kind": "motion",
              "activity": "running",
              "minimumStableSeconds": 60,
              "minimumConfidence": "medium",
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            }
          ],
          "currentIndex": 0,
          "episodes": []
        },
        {
          "id": "sleep",
          "name": "😴 Sleep",
          "createdAt": "2026-12-05T18:56:23Z",
          "lastModified": "2026-12-05T18:56:23Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [
            {
              "kind": "timeRange",
              "start": "22:00",
              "end": "06:00",
              "weekdays": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            }
          ],
          "currentIndex": 0,
          "episodes": []
        }
      ],
      "deletedQueues": [
        {
          "deletedAt": "2026-12-05T18:56:23Z",
          "formerIndex": 4,
          "queue": {
            "id": "0f784e42-f7db-4fb8-adba-9001a87155df",
            "name": "🌙 Evening",
            "createdAt": "2026-12-05T18:56:23Z",
            "lastModified": "2026-12-05T18:56:23Z",
            "isSyncedToCloud": false,
            "isAutoSwitchEnabled": true,
            "autoSwitchRules": [],
            "currentIndex": 0,
            "episodes": [
              {
                "feedURL": "https://feeds.example.com/show-00003.xml",
                "episodeGUID": "s3-e21",
                "title": "Episode 21",
                "showTitle": "Show 3 (typical)",
                "durationSeconds": 2312,
                "playbackPositionSeconds": 0,
                "addedAt": "2026-12-05T18:56:23Z"
              }
            ]
          }
        }
      ],
      "knownAudioDevices": []
    }
    """# + "\n"
}
