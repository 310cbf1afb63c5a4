// CloudFront Function (runtime cloudfront-js-2.0), run on every viewer request before the cache. It gives the site
// the addresses S3 website hosting would: the bucket is private and reached through Origin Access Control, and
// neither S3's REST endpoint nor CloudFront maps a folder to its index.html. A plain script with no exports:
// CloudFront runs `handler`, and infra/test/viewer-request.test.ts loads this file in Node with node:vm.

// The deploy's manifest and lock sit beside the site in the bucket, and beside each preview under
// /previews/pr-N/; they are not pages.
var hiddenFiles = [".deploy-manifest.json", ".deploy-lock.json"];

// A preview (/previews/pr-42/…) is a whole copy of the site in a folder of the bucket: its addresses work as the
// site's do, by the same rules below. Its X-Robots-Tag: noindex comes from the /previews/* behaviour's headers
// (infra/lib/static-site.ts), since a viewer-request function cannot set headers on the answer.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (hiddenFiles.indexOf(uri.slice(uri.lastIndexOf("/") + 1)) !== -1) {
    return { statusCode: 404, statusDescription: "Not Found" };
  }
  // /about/ is about/index.html.
  if (uri.endsWith("/")) {
    request.uri = uri + "index.html";
    return request;
  }
  // /about (no file extension in the last segment) moves to /about/ for good, keeping the query (utm_source…).
  var last = uri.slice(uri.lastIndexOf("/") + 1);
  if (last.indexOf(".") === -1) {
    var query = queryStringOf(request.querystring);
    // One slash at the start, always: "//evil.example/x" (or "/\evil.example/x", which browsers read alike) as a
    // Location would send the visitor to another site (issue 39).
    var path = "/" + uri.replace(/^[\/\\]+/, "");
    return {
      statusCode: 301,
      statusDescription: "Moved Permanently",
      headers: { location: { value: path + "/" + (query ? "?" + query : "") } },
    };
  }
  return request;
}

function queryStringOf(querystring) {
  var parts = [];
  for (var name in querystring) {
    var field = querystring[name];
    var values = field.multiValue ? field.multiValue : [field];
    for (var i = 0; i < values.length; i++) {
      var value = values[i].value;
      parts.push(value === "" ? escape(name) : escape(name) + "=" + escape(value));
    }
  }
  return parts.join("&");
}

// Escapes what cannot stand in a query as it is, and leaves existing %XX escapes alone, so a value is right whether
// CloudFront hands it over encoded or not.
function escape(text) {
  return text.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$'()*+,;:@\/?%]/g, function (character) {
    return encodeURIComponent(character);
  });
}
