/**
 * The story pages (docs/PRODUCT.md, "Pages"), one layout variant each:
 * `/clear-statement` (a) title, optional subtitle, descriptions under a byline;
 * `/mission-statement` (b) title with subtitle; `/spartan-wealth-fund` (c) title,
 * bullet descriptions and a hover-to-play video with a full-screen player.
 */
import { DIVIDEND_SHARE_PERCENT } from '../../content/constants.ts';
import { useState } from 'react';
import { MEDIA_BASE } from '../../content/site.ts';
import { mediaUrl } from '../../widgets/media/media-url.ts';
import { VideoPlayer, VideoTile } from '../../widgets/media/VideoTile.tsx';
import {
  CLEAR_STATEMENTS,
  FUND_TOPICS,
  MISSION_STATEMENTS,
  type ClearStatement,
  type FundTopic,
  type MissionStatement,
} from '../../content/statements.ts';
import { StoryPage } from '../components/StoryPage.tsx';

/** Variant (a): byline, title, optional subtitle, up to two descriptions. */
function ClearSection({ statement }: { statement: ClearStatement }) {
  const bullet = statement.description.replace(/^•\s*/, '');
  return (
    <article className="story-a">
      <p className="story__byline">By the founders of the Spartans</p>
      <h2 className="story__title">{statement.title}</h2>
      {statement.subTitle && <p className="story__subtitle">{statement.subTitle}</p>}
      <ul className="story__bullets">
        <li>{bullet}</li>
      </ul>
    </article>
  );
}

/** Variant (b): title with subtitle, on the statement's colour. */
function MissionSection({ mission }: { mission: MissionStatement }) {
  return (
    <article className="story-b" data-tone={mission.id}>
      <img
        className="story-b__image"
        src={mediaUrl(MEDIA_BASE, mission.image)}
        alt=""
        width="480"
        height="320"
        loading="lazy"
        decoding="async"
      />
      <div className="story-b__text">
        <h2 className="story__title">{mission.title}</h2>
        {mission.subtitle && <p className="story__subtitle">{mission.subtitle}</p>}
      </div>
    </article>
  );
}

/** Variant (c): title, bullets, hover-to-play video. */
function FundSection({ topic }: { topic: FundTopic }) {
  const bullets = [topic.description, topic.description2].filter(Boolean);
  return (
    <article className="story-c">
      <div className="story-c__text">
        <h2 className="story__title">{topic.title}</h2>
        <ul className="story__bullets">
          {bullets.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </div>
      <FundVideo topic={topic} />
    </article>
  );
}

/** A topic's video: a tile that plays while hovered, and a full-screen player. */
function FundVideo({ topic }: { topic: FundTopic }) {
  const [open, setOpen] = useState(false);
  const clip = {
    title: topic.title,
    sources: [mediaUrl(MEDIA_BASE, topic.video)],
    poster: mediaUrl(MEDIA_BASE, topic.poster),
  };
  return (
    <>
      <VideoTile {...clip} block="video-tile" caption="Play video" onOpen={() => setOpen(true)} />
      <VideoPlayer
        {...clip}
        open={open}
        onClose={() => setOpen(false)}
        block="modal"
        className="modal--video"
      />
    </>
  );
}

export function MissionPage() {
  return (
    <StoryPage
      title="Mission Statements"
      eyebrow="Our Statements"
      listLabel="Mission statements"
      sections={MISSION_STATEMENTS.map((mission) => ({
        id: mission.id,
        label: mission.title,
        content: <MissionSection mission={mission} />,
      }))}
    />
  );
}

export function ClearPage() {
  return (
    <StoryPage
      title="Clear Statements"
      eyebrow="Our Statements"
      intro={<p>What the Spartans stand for, in eight plain statements.</p>}
      listLabel="Clear statements"
      sections={CLEAR_STATEMENTS.map((statement) => ({
        id: statement.id,
        label: statement.title,
        content: <ClearSection statement={statement} />,
      }))}
    />
  );
}

export function WealthFundPage() {
  return (
    <StoryPage
      title="The Private Spartan Wealth Fund"
      eyebrow="PSWF"
      intro={
        <p>
          {DIVIDEND_SHARE_PERCENT}% of the net dividends of every Spartan Network company, held for
          the Spartans. Six topics, each with a short video.
        </p>
      }
      listLabel="Fund topics"
      sections={FUND_TOPICS.map((topic) => ({
        id: topic.id,
        label: topic.title,
        content: <FundSection topic={topic} />,
      }))}
    />
  );
}
