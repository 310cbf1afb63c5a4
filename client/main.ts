// The browser entry. The page is complete HTML without it; this only adds behaviour.
import { enableVideoFacades } from "./video-facade";

enableVideoFacades(document);
