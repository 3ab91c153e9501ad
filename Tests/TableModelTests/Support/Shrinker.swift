/// Delta debugging for failing action sequences: removes chunks of halving size while the sequence still fails.
enum Shrinker {
    static func shrink<Element>(_ items: [Element], stillFails: ([Element]) -> Bool) -> [Element] {
        var items = items
        var chunk = max(1, items.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < items.count {
                var candidate = items
                candidate.removeSubrange(start..<min(start + chunk, items.count))
                if stillFails(candidate) {
                    items = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny {
                chunk /= 2
            }
        }
        return items
    }
}
