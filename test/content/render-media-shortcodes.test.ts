/**
 * [audio] and [video] as WordPress 6.8 renders them in a single post read (its first players get
 * instance 1). Every expected string is the 6.8 reference's content.rendered for the same
 * content; the post ids are the reference's.
 */
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../runtime/content/render/index.ts';

const CASES: Array<{ content: string; postId: number; rendered: string }> = [
  {
    "content": "[audio src=\"http://example.com/a.mp3\"]",
    "postId": 3259,
    "rendered": "<!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n<audio class=\"wp-audio-shortcode\" id=\"audio-3259-1\" preload=\"none\" style=\"width: 100%;\" controls=\"controls\"><source type=\"audio/mpeg\" src=\"http://example.com/a.mp3?_=1\" /><a href=\"http://example.com/a.mp3\">http://example.com/a.mp3</a></audio>\n"
  },
  {
    "content": "[video src=\"http://example.com/v.mp4\" width=\"800\" height=\"450\" poster=\"http://example.com/p.jpg\" loop=\"true\"]",
    "postId": 3260,
    "rendered": "<div style=\"width: 800px;\" class=\"wp-video\"><!--[if lt IE 9]><script>document.createElement('video');</script><![endif]-->\n<video class=\"wp-video-shortcode\" id=\"video-3260-1\" width=\"800\" height=\"450\" poster=\"http://example.com/p.jpg\" loop preload=\"metadata\" controls=\"controls\"><source type=\"video/mp4\" src=\"http://example.com/v.mp4?_=1\" /><a href=\"http://example.com/v.mp4\">http://example.com/v.mp4</a></video></div>\n"
  },
  {
    "content": "[audio mp3=\"http://example.com/a.mp3\" ogg=\"http://example.com/a.ogg\"]",
    "postId": 3261,
    "rendered": "<!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n<audio class=\"wp-audio-shortcode\" id=\"audio-3261-1\" preload=\"none\" style=\"width: 100%;\" controls=\"controls\"><source type=\"audio/mpeg\" src=\"http://example.com/a.mp3?_=1\" /><source type=\"audio/ogg\" src=\"http://example.com/a.ogg?_=1\" /><a href=\"http://example.com/a.mp3\">http://example.com/a.mp3</a></audio>\n"
  },
  {
    "content": "[audio src=\"http://example.com/a.txt\"]",
    "postId": 3262,
    "rendered": "<a class=\"wp-embedded-audio\" href=\"http://example.com/a.txt\">http://example.com/a.txt</a>\n"
  },
  {
    "content": "Text [audio src=\"http://example.com/a.mp3\"] and [audio src=\"http://example.com/b.wav?x=1&y=2\"] more",
    "postId": 3263,
    "rendered": "<p>Text <!--[if lt IE 9]><script>document.createElement('audio');</script><![endif]-->\n<audio class=\"wp-audio-shortcode\" id=\"audio-3263-1\" preload=\"none\" style=\"width: 100%;\" controls=\"controls\"><source type=\"audio/mpeg\" src=\"http://example.com/a.mp3?_=1\" /><a href=\"http://example.com/a.mp3\">http://example.com/a.mp3</a></audio> and <a class=\"wp-embedded-audio\" href=\"http://example.com/b.wav?x=1&#038;y=2\">http://example.com/b.wav?x=1&amp;y=2</a> more</p>\n"
  },
  {
    "content": "[video src=\"http://example.com/v.webm\"]<track kind=\"captions\" src=\"c.vtt\">\n[/video]",
    "postId": 3264,
    "rendered": "<div style=\"width: 640px;\" class=\"wp-video\"><!--[if lt IE 9]><script>document.createElement('video');</script><![endif]-->\n<video class=\"wp-video-shortcode\" id=\"video-3264-1\" width=\"640\" height=\"360\" preload=\"metadata\" controls=\"controls\"><source type=\"video/webm\" src=\"http://example.com/v.webm?_=1\" /><track kind=\"captions\" src=\"c.vtt\"><a href=\"http://example.com/v.webm\">http://example.com/v.webm</a></video></div>\n"
  },
  {
    "content": "[audio]",
    "postId": 3265,
    "rendered": "\n"
  },
  {
    "content": "[video src=\"http://example.com/v.mp4\" autoplay=\"1\" muted=\"true\" preload=\"auto\" class=\"mine\"]",
    "postId": 3266,
    "rendered": "<div style=\"width: 640px;\" class=\"wp-video\"><!--[if lt IE 9]><script>document.createElement('video');</script><![endif]-->\n<video class=\"mine\" id=\"video-3266-1\" width=\"640\" height=\"360\" autoplay muted preload=\"auto\" controls=\"controls\"><source type=\"video/mp4\" src=\"http://example.com/v.mp4?_=1\" /><a href=\"http://example.com/v.mp4\">http://example.com/v.mp4</a></video></div>\n"
  }
];

describe('[audio] and [video]', () => {
  for (const c of CASES) {
    it(`renders ${JSON.stringify(c.content).slice(0, 70)} as 6.8 does`, () => {
      expect(renderContent(c.content, { postId: c.postId, images: [] })).toBe(c.rendered);
    });
  }
  it('plays the first attached audio when no file is named', () => {
    expect(renderContent('[audio]', { postId: 7, images: [], audio: 'http://site.test/wp-content/uploads/2026/03/song.mp3' })).toBe(
      '<!--[if lt IE 9]><script>document.createElement(\'audio\');</script><![endif]-->\n<audio class="wp-audio-shortcode" id="audio-7-1" preload="none" style="width: 100%;" controls="controls"><source type="audio/mpeg" src="http://site.test/wp-content/uploads/2026/03/song.mp3?_=1" /><a href="http://site.test/wp-content/uploads/2026/03/song.mp3">http://site.test/wp-content/uploads/2026/03/song.mp3</a></audio>\n',
    );
  });
  it('leaves YouTube videos and players without post data as written', () => {
    expect(renderContent('[video src="https://www.youtube.com/watch?v=abc"]', { postId: 7, images: [] })).toBe('[video src="https://www.youtube.com/watch?v=abc"]\n');
    expect(renderContent('[audio src="http://example.com/a.mp3"]')).toBe('[audio src="http://example.com/a.mp3"]\n');
  });
});

describe('[playlist]', () => {
  it('renders nothing when it names no attachment (as 6.8) and stays as written when it does', () => {
    expect(renderContent('[playlist ids="1,2"]', { postId: 7, images: [], playlists: [false] })).toBe('\n');
    expect(renderContent('[playlist ids="1,2"]', { postId: 7, images: [], playlists: [true] })).toBe('[playlist ids="1,2"]\n');
    expect(renderContent('[playlist]\n\n[playlist type="video"]', { postId: 7, images: [], playlists: [true, false] })).toBe('[playlist]\n\n');
  });
});
