/// "Did you mean" support: edit distance over lowercase words.
public enum Suggestions {
    /// Levenshtein distance between two strings, compared by Unicode scalars, case-insensitively.
    /// Stops early and returns `limit + 1` once the distance must exceed `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let left = Array(a.lowercased().unicodeScalars)
        let right = Array(b.lowercased().unicodeScalars)
        if abs(left.count - right.count) > limit { return limit == .max ? limit : limit + 1 }
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[right.count]
    }

    /// The closest candidate within a distance that grows with the word's length, if any.
    /// Ties go to the earlier candidate, so the order of `candidates` decides.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let allowed = lowered.count <= 2 ? 1 : (lowered.count <= 5 ? 2 : 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate, limit: allowed)
            if distance <= allowed, distance < (best?.1 ?? .max), candidate != lowered {
                best = (candidate, distance)
            }
        }
        return best?.0
    }
}

extension Suggestions {
    /// The nearest unit spelling; ties prefer the same first letter, then the same length
    /// (so `gx` → `g` and `cupz` → `cups`).
    public static func nearestUnit(to word: String, in candidates: [String], maximumDistance: Int = 2) -> String? {
        let lowered = word.lowercased()
        let allowed = min(maximumDistance, lowered.count <= 2 ? 1 : 2)
        var best: (candidate: String, key: (Int, Int, Int))?
        for candidate in candidates where candidate != lowered {
            let distance = editDistance(lowered, candidate, limit: allowed)
            guard distance <= allowed else { continue }
            let key = (distance, candidate.first == lowered.first ? 0 : 1, abs(candidate.count - lowered.count))
            if best == nil || key < best!.key { best = (candidate, key) }
        }
        return best?.candidate
    }
}
