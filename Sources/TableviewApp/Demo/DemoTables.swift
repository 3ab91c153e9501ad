/// The built-in demo of SPEC §7, one table per technique, served when no `--tables` file is given.
///
/// Kept as JSON in the definition format users write, so it goes through the same loader and checks, and the
/// binary runs from any directory.
enum DemoTables {
    static let json = #"""
    {
      "tables": [
        {
          "id": "sento",
          "title": "銭湯めぐり",
          "language": "ja",
          "sections": [
            {
              "id": "favorite",
              "title": "お好きな銭湯",
              "footer": "ひとつだけ。選んだ銭湯をもう一度押しても選んだままです。",
              "selection": "single",
              "rows": [
                { "id": "bunka", "title": "文化浴泉", "detail": "目黒区", "selected": true },
                { "id": "hachiman", "title": "八幡湯", "detail": "目黒区" },
                { "id": "hokuo", "title": "北欧", "detail": "台東区" },
                { "id": "daikoku", "title": "大黒湯", "detail": "墨田区" },
                { "id": "konparu", "title": "金春湯", "detail": "中央区" }
              ]
            },
            {
              "id": "time",
              "title": "行く時間帯",
              "footer": "選ばなくてもかまいません。選んだ時間帯をもう一度押すと外れます。",
              "selection": "single",
              "allowsEmptySelection": true,
              "rows": [
                { "id": "morning", "title": "朝湯" },
                { "id": "afternoon", "title": "昼下がり" },
                { "id": "night", "title": "夜" }
              ]
            },
            {
              "id": "facilities",
              "title": "欲しい設備",
              "footer": "いくつでも選べます。",
              "selection": "multiple",
              "rows": [
                { "id": "sauna", "title": "サウナ", "selected": true },
                { "id": "mizuburo", "title": "水風呂" },
                { "id": "rotenburo", "title": "露天風呂" },
                { "id": "denkiburo", "title": "電気風呂" },
                { "id": "kusuriyu", "title": "薬湯" }
              ]
            },
            {
              "id": "after",
              "title": "湯上がりの一杯",
              "footer": "ふたつまで選べます。",
              "selection": "multiple",
              "maxSelected": 2,
              "rows": [
                { "id": "coffee-milk", "title": "コーヒー牛乳" },
                { "id": "fruit-milk", "title": "フルーツ牛乳" },
                { "id": "milk", "title": "牛乳" },
                { "id": "ramune", "title": "ラムネ" },
                { "id": "beer", "title": "ビール" }
              ]
            },
            {
              "id": "etiquette",
              "title": "入浴のマナー",
              "rows": [
                { "id": "kakeyu", "title": "かけ湯をしてから入る" },
                { "id": "towel", "title": "タオルを湯船に入れない" }
              ]
            }
          ]
        },
        {
          "id": "edit",
          "title": "お風呂セット",
          "language": "ja",
          "editModes": ["all", "delete", "sort"],
          "sections": [
            {
              "id": "bag",
              "title": "持ち物",
              "footer": "財布と鍵は固定です。削除も移動もできません。",
              "selection": "multiple",
              "rows": [
                { "id": "wallet", "title": "財布", "deletable": false, "movable": false, "selected": true },
                { "id": "key", "title": "鍵", "deletable": false, "movable": false },
                { "id": "towel-set", "title": "タオル", "detail": "大きいのと小さいの" },
                { "id": "soap", "title": "石鹸" },
                { "id": "shampoo", "title": "シャンプー" },
                { "id": "clothes", "title": "着替え" },
                { "id": "coins", "title": "小銭", "detail": "ロッカー用" }
              ]
            },
            {
              "id": "route",
              "title": "回る順番",
              "footer": "北欧は最後に閉まるので、末尾から動かせません。",
              "rows": [
                { "id": "route-bunka", "title": "文化浴泉" },
                { "id": "route-hachiman", "title": "八幡湯" },
                { "id": "route-daikoku", "title": "大黒湯" },
                { "id": "route-hokuo", "title": "北欧", "movable": false }
              ]
            }
          ]
        },
        {
          "id": "accordion",
          "title": "文化浴泉のご案内",
          "language": "ja",
          "sections": [
            {
              "id": "hours",
              "title": "営業時間",
              "collapsible": true,
              "rows": [
                { "id": "weekday", "title": "平日", "detail": "15:30–24:00" },
                { "id": "sunday", "title": "日曜", "detail": "8:00–12:00, 15:30–24:00" },
                { "id": "closed", "title": "定休日", "detail": "月曜" }
              ]
            },
            {
              "id": "prices",
              "title": "料金",
              "collapsible": true,
              "expanded": false,
              "rows": [
                { "id": "adult", "title": "大人", "detail": "550円" },
                { "id": "child", "title": "中人", "detail": "200円" },
                { "id": "infant", "title": "小人", "detail": "100円" },
                { "id": "sauna-fee", "title": "サウナ", "detail": "+300円" }
              ]
            },
            {
              "id": "baths",
              "title": "お風呂",
              "collapsible": true,
              "expanded": false,
              "selection": "multiple",
              "footer": "行ってみたい銭湯に印を付けましょう。セクションを閉じても印は残ります。",
              "rows": [
                { "id": "jet", "title": "ジェット風呂" },
                { "id": "cold", "title": "水風呂", "detail": "16℃" },
                { "id": "open-air", "title": "露天風呂" },
                { "id": "herb", "title": "薬湯", "detail": "日替わり" }
              ]
            },
            {
              "id": "access",
              "title": "アクセス",
              "collapsible": true,
              "rows": [
                { "id": "station", "title": "最寄り駅", "detail": "都立大学駅 徒歩5分" },
                { "id": "parking", "title": "駐車場", "detail": "なし" }
              ]
            },
            {
              "id": "visit",
              "title": "次に行く日",
              "collapsible": true,
              "expanded": false,
              "selection": "single",
              "allowsEmptySelection": true,
              "rows": [
                { "id": "saturday", "title": "土曜日" },
                { "id": "sunday-visit", "title": "日曜日" },
                { "id": "holiday", "title": "祝日" }
              ]
            }
          ]
        }
      ]
    }
    """#
}
