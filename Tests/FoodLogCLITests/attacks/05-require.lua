-- expect: refused
-- Code loading: require reaches package.searchers and C modules.
local os2 = require("os")
return os2.execute("id")
