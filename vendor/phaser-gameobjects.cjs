/* Phaser 4's GameObjects namespace (node_modules/phaser/src/gameobjects/index.js) without Video and
 * DOMElement; see phaser-twinfield.cjs. */
/**
 * @author       Richard Davey <rich@phaser.io>
 * @copyright    2013-2026 Phaser Studio Inc.
 * @license      {@link https://opensource.org/licenses/MIT|MIT License}
 */

/**
 * @namespace Phaser.GameObjects
 */

var GameObjects = {

    Events: require('../node_modules/phaser/src/gameobjects/events'),

    DisplayList: require('../node_modules/phaser/src/gameobjects/DisplayList'),
    GameObjectCreator: require('../node_modules/phaser/src/gameobjects/GameObjectCreator'),
    GameObjectFactory: require('../node_modules/phaser/src/gameobjects/GameObjectFactory'),
    UpdateList: require('../node_modules/phaser/src/gameobjects/UpdateList'),

    Components: require('../node_modules/phaser/src/gameobjects/components'),
    GetCalcMatrix: require('../node_modules/phaser/src/gameobjects/GetCalcMatrix'),

    BuildGameObject: require('../node_modules/phaser/src/gameobjects/BuildGameObject'),
    BuildGameObjectAnimation: require('../node_modules/phaser/src/gameobjects/BuildGameObjectAnimation'),
    GameObject: require('../node_modules/phaser/src/gameobjects/GameObject'),
    BitmapText: require('../node_modules/phaser/src/gameobjects/bitmaptext/static/BitmapText'),
    Blitter: require('../node_modules/phaser/src/gameobjects/blitter/Blitter'),
    Bob: require('../node_modules/phaser/src/gameobjects/blitter/Bob'),
    Container: require('../node_modules/phaser/src/gameobjects/container/Container'),
    DynamicBitmapText: require('../node_modules/phaser/src/gameobjects/bitmaptext/dynamic/DynamicBitmapText'),
    Extern: require('../node_modules/phaser/src/gameobjects/extern/Extern'),
    Graphics: require('../node_modules/phaser/src/gameobjects/graphics/Graphics'),
    Group: require('../node_modules/phaser/src/gameobjects/group/Group'),
    Image: require('../node_modules/phaser/src/gameobjects/image/Image'),
    Layer: require('../node_modules/phaser/src/gameobjects/layer/Layer'),
    Particles: require('../node_modules/phaser/src/gameobjects/particles'),
    PathFollower: require('../node_modules/phaser/src/gameobjects/pathfollower/PathFollower'),
    RenderTexture: require('../node_modules/phaser/src/gameobjects/rendertexture/RenderTexture'),
    RetroFont: require('../node_modules/phaser/src/gameobjects/bitmaptext/RetroFont'),
    Rope: require('../node_modules/phaser/src/gameobjects/rope/Rope'),
    Sprite: require('../node_modules/phaser/src/gameobjects/sprite/Sprite'),
    Stamp: require('../node_modules/phaser/src/gameobjects/stamp/Stamp'),

    Text: require('../node_modules/phaser/src/gameobjects/text/Text'),
    GetTextSize: require('../node_modules/phaser/src/gameobjects/text/GetTextSize'),
    MeasureText: require('../node_modules/phaser/src/gameobjects/text/MeasureText'),
    TextStyle: require('../node_modules/phaser/src/gameobjects/text/TextStyle'),

    TileSprite: require('../node_modules/phaser/src/gameobjects/tilesprite/TileSprite'),
    Zone: require('../node_modules/phaser/src/gameobjects/zone/Zone'),

    //  Shapes

    Shape: require('../node_modules/phaser/src/gameobjects/shape/Shape'),
    Arc: require('../node_modules/phaser/src/gameobjects/shape/arc/Arc'),
    Curve: require('../node_modules/phaser/src/gameobjects/shape/curve/Curve'),
    Ellipse: require('../node_modules/phaser/src/gameobjects/shape/ellipse/Ellipse'),
    Grid: require('../node_modules/phaser/src/gameobjects/shape/grid/Grid'),
    IsoBox: require('../node_modules/phaser/src/gameobjects/shape/isobox/IsoBox'),
    IsoTriangle: require('../node_modules/phaser/src/gameobjects/shape/isotriangle/IsoTriangle'),
    Line: require('../node_modules/phaser/src/gameobjects/shape/line/Line'),
    Polygon: require('../node_modules/phaser/src/gameobjects/shape/polygon/Polygon'),
    Rectangle: require('../node_modules/phaser/src/gameobjects/shape/rectangle/Rectangle'),
    Star: require('../node_modules/phaser/src/gameobjects/shape/star/Star'),
    Triangle: require('../node_modules/phaser/src/gameobjects/shape/triangle/Triangle'),

    //  Game Object Factories

    Factories: {
        Blitter: require('../node_modules/phaser/src/gameobjects/blitter/BlitterFactory'),
        Container: require('../node_modules/phaser/src/gameobjects/container/ContainerFactory'),
        DynamicBitmapText: require('../node_modules/phaser/src/gameobjects/bitmaptext/dynamic/DynamicBitmapTextFactory'),
        Extern: require('../node_modules/phaser/src/gameobjects/extern/ExternFactory'),
        Graphics: require('../node_modules/phaser/src/gameobjects/graphics/GraphicsFactory'),
        Group: require('../node_modules/phaser/src/gameobjects/group/GroupFactory'),
        Image: require('../node_modules/phaser/src/gameobjects/image/ImageFactory'),
        Layer: require('../node_modules/phaser/src/gameobjects/layer/LayerFactory'),
        Particles: require('../node_modules/phaser/src/gameobjects/particles/ParticleEmitterFactory'),
        PathFollower: require('../node_modules/phaser/src/gameobjects/pathfollower/PathFollowerFactory'),
        RenderTexture: require('../node_modules/phaser/src/gameobjects/rendertexture/RenderTextureFactory'),
        Rope: require('../node_modules/phaser/src/gameobjects/rope/RopeFactory'),
        Sprite: require('../node_modules/phaser/src/gameobjects/sprite/SpriteFactory'),
        Stamp: require('../node_modules/phaser/src/gameobjects/stamp/StampFactory'),
        StaticBitmapText: require('../node_modules/phaser/src/gameobjects/bitmaptext/static/BitmapTextFactory'),
        Text: require('../node_modules/phaser/src/gameobjects/text/TextFactory'),
        TileSprite: require('../node_modules/phaser/src/gameobjects/tilesprite/TileSpriteFactory'),
        Zone: require('../node_modules/phaser/src/gameobjects/zone/ZoneFactory'),

        //  Shapes
        Arc: require('../node_modules/phaser/src/gameobjects/shape/arc/ArcFactory'),
        Curve: require('../node_modules/phaser/src/gameobjects/shape/curve/CurveFactory'),
        Ellipse: require('../node_modules/phaser/src/gameobjects/shape/ellipse/EllipseFactory'),
        Grid: require('../node_modules/phaser/src/gameobjects/shape/grid/GridFactory'),
        IsoBox: require('../node_modules/phaser/src/gameobjects/shape/isobox/IsoBoxFactory'),
        IsoTriangle: require('../node_modules/phaser/src/gameobjects/shape/isotriangle/IsoTriangleFactory'),
        Line: require('../node_modules/phaser/src/gameobjects/shape/line/LineFactory'),
        Polygon: require('../node_modules/phaser/src/gameobjects/shape/polygon/PolygonFactory'),
        Rectangle: require('../node_modules/phaser/src/gameobjects/shape/rectangle/RectangleFactory'),
        Star: require('../node_modules/phaser/src/gameobjects/shape/star/StarFactory'),
        Triangle: require('../node_modules/phaser/src/gameobjects/shape/triangle/TriangleFactory')
    },

    Creators: {
        Blitter: require('../node_modules/phaser/src/gameobjects/blitter/BlitterCreator'),
        Container: require('../node_modules/phaser/src/gameobjects/container/ContainerCreator'),
        DynamicBitmapText: require('../node_modules/phaser/src/gameobjects/bitmaptext/dynamic/DynamicBitmapTextCreator'),
        Graphics: require('../node_modules/phaser/src/gameobjects/graphics/GraphicsCreator'),
        Group: require('../node_modules/phaser/src/gameobjects/group/GroupCreator'),
        Image: require('../node_modules/phaser/src/gameobjects/image/ImageCreator'),
        Layer: require('../node_modules/phaser/src/gameobjects/layer/LayerCreator'),
        Particles: require('../node_modules/phaser/src/gameobjects/particles/ParticleEmitterCreator'),
        RenderTexture: require('../node_modules/phaser/src/gameobjects/rendertexture/RenderTextureCreator'),
        Rope: require('../node_modules/phaser/src/gameobjects/rope/RopeCreator'),
        Sprite: require('../node_modules/phaser/src/gameobjects/sprite/SpriteCreator'),
        Stamp: require('../node_modules/phaser/src/gameobjects/stamp/StampCreator'),
        StaticBitmapText: require('../node_modules/phaser/src/gameobjects/bitmaptext/static/BitmapTextCreator'),
        Text: require('../node_modules/phaser/src/gameobjects/text/TextCreator'),
        TileSprite: require('../node_modules/phaser/src/gameobjects/tilesprite/TileSpriteCreator'),
        Zone: require('../node_modules/phaser/src/gameobjects/zone/ZoneCreator')
    }

};

//  WebGL only Game Objects
if (typeof WEBGL_RENDERER)
{
    GameObjects.CaptureFrame = require('../node_modules/phaser/src/gameobjects/captureframe/CaptureFrame');
    GameObjects.CustomContext = require('../node_modules/phaser/src/gameobjects/customcontext/CustomContext');
    GameObjects.Gradient = require('../node_modules/phaser/src/gameobjects/gradient/Gradient');
    GameObjects.Mesh2D = require('../node_modules/phaser/src/gameobjects/mesh2d/Mesh2D');
    GameObjects.Noise = require('../node_modules/phaser/src/gameobjects/noise/Noise');
    GameObjects.NoiseCell2D = require('../node_modules/phaser/src/gameobjects/noise/noisecell2d/NoiseCell2D');
    GameObjects.NoiseCell3D = require('../node_modules/phaser/src/gameobjects/noise/noisecell3d/NoiseCell3D');
    GameObjects.NoiseCell4D = require('../node_modules/phaser/src/gameobjects/noise/noisecell4d/NoiseCell4D');
    GameObjects.NoiseSimplex2D = require('../node_modules/phaser/src/gameobjects/noise/noisesimplex2d/NoiseSimplex2D');
    GameObjects.NoiseSimplex3D = require('../node_modules/phaser/src/gameobjects/noise/noisesimplex3d/NoiseSimplex3D');
    GameObjects.Shader = require('../node_modules/phaser/src/gameobjects/shader/Shader');
    GameObjects.NineSlice = require('../node_modules/phaser/src/gameobjects/nineslice/NineSlice');
    GameObjects.PointLight = require('../node_modules/phaser/src/gameobjects/pointlight/PointLight');
    GameObjects.SpriteGPULayer = require('../node_modules/phaser/src/gameobjects/spritegpulayer/SpriteGPULayer');
    GameObjects.Stencil = require('../node_modules/phaser/src/gameobjects/stencil/Stencil');
    GameObjects.StencilReference = require('../node_modules/phaser/src/gameobjects/stencilreference/StencilReference');

    GameObjects.Factories.CaptureFrame = require('../node_modules/phaser/src/gameobjects/captureframe/CaptureFrameFactory');
    GameObjects.Factories.CustomContext = require('../node_modules/phaser/src/gameobjects/customcontext/CustomContextFactory');
    GameObjects.Factories.Gradient = require('../node_modules/phaser/src/gameobjects/gradient/GradientFactory');
    GameObjects.Factories.Mesh2D = require('../node_modules/phaser/src/gameobjects/mesh2d/Mesh2DFactory');
    GameObjects.Factories.Noise = require('../node_modules/phaser/src/gameobjects/noise/NoiseFactory');
    GameObjects.Factories.NoiseCell2D = require('../node_modules/phaser/src/gameobjects/noise/noisecell2d/NoiseCell2DFactory');
    GameObjects.Factories.NoiseCell3D = require('../node_modules/phaser/src/gameobjects/noise/noisecell3d/NoiseCell3DFactory');
    GameObjects.Factories.NoiseCell4D = require('../node_modules/phaser/src/gameobjects/noise/noisecell4d/NoiseCell4DFactory');
    GameObjects.Factories.NoiseSimplex2D = require('../node_modules/phaser/src/gameobjects/noise/noisesimplex2d/NoiseSimplex2DFactory');
    GameObjects.Factories.NoiseSimplex3D = require('../node_modules/phaser/src/gameobjects/noise/noisesimplex3d/NoiseSimplex3DFactory');
    GameObjects.Factories.Shader = require('../node_modules/phaser/src/gameobjects/shader/ShaderFactory');
    GameObjects.Factories.NineSlice = require('../node_modules/phaser/src/gameobjects/nineslice/NineSliceFactory');
    GameObjects.Factories.PointLight = require('../node_modules/phaser/src/gameobjects/pointlight/PointLightFactory');
    GameObjects.Factories.SpriteGPULayer = require('../node_modules/phaser/src/gameobjects/spritegpulayer/SpriteGPULayerFactory');
    GameObjects.Factories.Stencil = require('../node_modules/phaser/src/gameobjects/stencil/StencilFactory');
    GameObjects.Factories.StencilReference = require('../node_modules/phaser/src/gameobjects/stencilreference/StencilReferenceFactory');

    GameObjects.Creators.CaptureFrame = require('../node_modules/phaser/src/gameobjects/captureframe/CaptureFrameCreator');
    GameObjects.Creators.CustomContext = require('../node_modules/phaser/src/gameobjects/customcontext/CustomContextCreator');
    GameObjects.Creators.Gradient = require('../node_modules/phaser/src/gameobjects/gradient/GradientCreator');
    GameObjects.Creators.Mesh2D = require('../node_modules/phaser/src/gameobjects/mesh2d/Mesh2DCreator');
    GameObjects.Creators.Noise = require('../node_modules/phaser/src/gameobjects/noise/NoiseCreator');
    GameObjects.Creators.NoiseCell2D = require('../node_modules/phaser/src/gameobjects/noise/noisecell2d/NoiseCell2DCreator');
    GameObjects.Creators.NoiseCell3D = require('../node_modules/phaser/src/gameobjects/noise/noisecell3d/NoiseCell3DCreator');
    GameObjects.Creators.NoiseCell4D = require('../node_modules/phaser/src/gameobjects/noise/noisecell4d/NoiseCell4DCreator');
    GameObjects.Creators.NoiseSimplex2D = require('../node_modules/phaser/src/gameobjects/noise/noisesimplex2d/NoiseSimplex2DCreator');
    GameObjects.Creators.NoiseSimplex3D = require('../node_modules/phaser/src/gameobjects/noise/noisesimplex3d/NoiseSimplex3DCreator');
    GameObjects.Creators.Shader = require('../node_modules/phaser/src/gameobjects/shader/ShaderCreator');
    GameObjects.Creators.NineSlice = require('../node_modules/phaser/src/gameobjects/nineslice/NineSliceCreator');
    GameObjects.Creators.PointLight = require('../node_modules/phaser/src/gameobjects/pointlight/PointLightCreator');
    GameObjects.Creators.SpriteGPULayer = require('../node_modules/phaser/src/gameobjects/spritegpulayer/SpriteGPULayerCreator');
    GameObjects.Creators.Stencil = require('../node_modules/phaser/src/gameobjects/stencil/StencilCreator');
    GameObjects.Creators.StencilReference = require('../node_modules/phaser/src/gameobjects/stencilreference/StencilReferenceCreator');

    GameObjects.Light = require('../node_modules/phaser/src/gameobjects/lights/Light');
    GameObjects.LightsManager = require('../node_modules/phaser/src/gameobjects/lights/LightsManager');
    GameObjects.LightsPlugin = require('../node_modules/phaser/src/gameobjects/lights/LightsPlugin');
}

module.exports = GameObjects;
